import { InvoiceStatus } from '@xp/contracts/enums';
import { defined, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';

/** The list's tabs: all, and the statuses an invoice reaches (Draft is not issued: no tab). */
export const invoiceTabs = [
  'all',
  'open',
  'pending',
  'paid',
  'failed',
  'expired',
  'chargedBack',
  'cancelled',
] as const;
export type InvoiceTab = (typeof invoiceTabs)[number];

export const statusOfTab: Record<Exclude<InvoiceTab, 'all'>, number> = {
  open: InvoiceStatus.Open,
  pending: InvoiceStatus.Pending,
  paid: InvoiceStatus.Paid,
  failed: InvoiceStatus.Failed,
  expired: InvoiceStatus.Expired,
  chargedBack: InvoiceStatus.ChargedBack,
  cancelled: InvoiceStatus.Cancelled,
};

/** The list's state in the URL: page, search, sort, the status tab and the period (YYYY-MM-DD, both included). */
export type InvoiceListState = ListState & { from?: string; to?: string };

export const defaultInvoiceListState: InvoiceListState = { page: 1, pageSize: 25, direction: 'asc' };

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function parseInvoiceListSearch(input: SearchInput<InvoiceListState>): InvoiceListState {
  const search = input as Record<string, unknown>;
  const list = parseListSearch(input);
  return defined({
    ...list,
    tab: oneOf(
      list.tab,
      invoiceTabs.filter((tab) => tab !== 'all'),
    ),
    from: isDay(search.from) ? search.from : undefined,
    to: isDay(search.to) ? search.to : undefined,
  });
}

const sortable = ['invoiceDate', 'invoiceNumber', 'totalAmount', 'memberName'] as const;
type SortField = (typeof sortable)[number];
const isSortField = (value: string | undefined): value is SortField =>
  (sortable as readonly string[]).includes(value ?? '');

/** The query of `GET /Invoice` for the list's state (one member's, for the member's invoices tab). */
export function toInvoiceQuery(state: InvoiceListState, memberId?: number) {
  const tab = state.tab as InvoiceTab | undefined;
  const status = tab && tab !== 'all' ? statusOfTab[tab] : undefined;
  return {
    page: state.page,
    pageSize: state.pageSize,
    direction: state.direction,
    ...(state.search ? { search: state.search } : {}),
    ...(isSortField(state.sort) ? { sort: state.sort } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(memberId !== undefined ? { memberId } : {}),
  };
}
