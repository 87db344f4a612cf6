import { InvoiceStatus } from '@xp/contracts/enums';
import { oneOf, toListQuery } from '@/ui/list-search';
import { type XpInvoiceListState, type XpTransactionListState, xpInvoiceTabs, xpKinds } from './search';

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

/** The query of the XP invoice lists; `openOnly`: the open invoices' page (no tabs). */
export function toXpInvoiceQuery(state: XpInvoiceListState, openOnly = false) {
  const { sort, ...list } = toListQuery(state);
  const tab = openOnly ? 'open' : oneOf(state.tab, xpInvoiceTabs);
  return {
    ...list,
    ...(sortOf(sort, ['invoiceDate', 'invoiceNumber', 'amountOfXp']) as {
      sort?: 'invoiceDate' | 'invoiceNumber' | 'amountOfXp';
    }),
    ...(tab === 'open' ? { open: 'true' as const } : {}),
    ...(tab === 'paid' ? { status: InvoiceStatus.Paid } : {}),
    ...(tab === 'cancelled' ? { status: InvoiceStatus.Cancelled } : {}),
    ...(state.employerId ? { employerId: state.employerId } : {}),
  };
}
