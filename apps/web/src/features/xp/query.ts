import { type InvoiceTab, statusOfTab } from '@/features/invoice/search';
import { oneOf, toListQuery } from '@/ui/list-search';
import { type XpInvoiceListState, type XpTransactionListState, xpKinds } from './search';

const xpInvoiceSortable = ['invoiceDate', 'invoiceNumber', 'amountOfXp'] as const;

/** The API queries of the lists' states (apart from `search.ts`, which the route tree loads up front). */

const sortOf = (sort: string | undefined, sortable: readonly string[]) =>
  sortable.includes(sort ?? '') ? { sort } : {};

/** The query of the transactions call (employer's or admin's) for the list's state. */
export function toXpTransactionQuery(state: XpTransactionListState) {
  const { sort, ...list } = toListQuery(state);
  const kind = oneOf(state.tab, xpKinds);
  return {
    ...list,
    ...(sortOf(sort, ['date', 'amountOfXp']) as { sort?: 'date' | 'amountOfXp' }),
    ...(kind ? { kind } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(state.employerId ? { employerId: state.employerId } : {}),
  };
}

/** The query of the XP invoice lists; `openOnly`: the open invoices' page (still to pay, no tabs). */
export function toXpInvoiceQuery(state: XpInvoiceListState, openOnly = false) {
  const { sort, ...list } = toListQuery(state);
  const tab = state.tab as InvoiceTab | undefined;
  const status = !openOnly && tab && tab !== 'all' ? statusOfTab[tab] : undefined;
  return {
    ...list,
    ...(sortOf(sort, xpInvoiceSortable) as { sort?: (typeof xpInvoiceSortable)[number] }),
    ...(openOnly ? { open: 'true' as const } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(state.employerId ? { employerId: state.employerId } : {}),
  };
}
