import { stripSearchParams } from '@tanstack/react-router';
import { type InvoiceListState, parseInvoiceListSearch } from '@/features/invoice/search';
import { defined, intIn, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';

/** Plain functions, no zod: the route tree is on every first load (decision 010). */

/** The kinds of movement (the contract's `xpTransferKinds`), the transaction list's tabs after 'all'. */
export const xpKinds = ['purchase', 'grant', 'reward', 'redemption', 'refund', 'correction'] as const;
export type XpKind = (typeof xpKinds)[number];

/** The transactions list in the URL: page, search, sort, the kind as tab, the period and (admin) an employer. */
export type XpTransactionListState = ListState & { from?: string; to?: string; employerId?: number };

export const defaultXpListState: ListState = { page: 1, pageSize: 25, direction: 'asc' };

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function parseXpTransactionSearch(input: SearchInput<XpTransactionListState>): XpTransactionListState {
  const search = input as Record<string, unknown>;
  const list = parseListSearch(input);
  const employerId = intIn(search.employerId, 1, 2_147_483_647, 0);
  return defined({
    ...list,
    tab: oneOf(list.tab, xpKinds),
    from: isDay(search.from) ? search.from : undefined,
    to: isDay(search.to) ? search.to : undefined,
    employerId: employerId || undefined,
  });
}

/**
 * The XP invoice lists in the URL: the invoices' tabs (a status each, by name) and period, and (admin) an
 * employer. The server counts per status number, as for the gym's invoices.
 */
export type XpInvoiceListState = InvoiceListState & { employerId?: number };

export function parseXpInvoiceSearch(input: SearchInput<XpInvoiceListState>): XpInvoiceListState {
  const employerId = intIn((input as Record<string, unknown>).employerId, 1, 2_147_483_647, 0);
  return defined({ ...parseInvoiceListSearch(input), employerId: employerId || undefined });
}

/** The search of a transactions route (the admin's, the employer's): parsed, the defaults left out of the URL. */
export const xpTransactionRouteSearch = {
  validateSearch: parseXpTransactionSearch,
  search: { middlewares: [stripSearchParams<XpTransactionListState>(defaultXpListState)] },
};

/** The search of an XP invoices route (the admin's, the employer's, the employer's open ones). */
export const xpInvoiceRouteSearch = {
  validateSearch: parseXpInvoiceSearch,
  search: { middlewares: [stripSearchParams<XpInvoiceListState>(defaultXpListState)] },
};

/** Where the employer's invoice lists open an invoice. */
export const xpInvoiceLink = (id: number) => ({
  to: '/employer/xptransactions/invoices/$openInvoiceId' as const,
  params: { openInvoiceId: String(id) },
});
