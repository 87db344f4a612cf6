import { buildPath } from '@xp/contracts/request';
import { call } from '@/app/api-client';
import {
  type QueriedEndpoint,
  useApiListQuery,
  useApiMutation,
  useApiQuery,
  useInvalidate,
} from '@/app/api-hooks';
import { xpCalls as calls, INVOICE_PDF_PATH } from './calls';
import { toXpInvoiceQuery, toXpTransactionQuery } from './query';
import type { XpInvoiceListState, XpTransactionListState } from './search';

type Counts = { counts?: false };

/** Whose lists: the active employer's, or (admin) every employer's. */
export type XpScope = { kind: 'employer'; activeEmployerId: number } | { kind: 'admin' };

/** The employer's XP balance and the limits of one purchase (the header's, the buy modal's). */
export function useEmployerBalance(employerId: number | null) {
  return useApiQuery(
    calls.balance,
    { params: { id: employerId ?? 0 } },
    { enabled: employerId !== null && employerId > 0 },
  );
}

/** Every query the XP movements change: balances, transactions, invoices. */
const xpQueries: QueriedEndpoint[] = [
  calls.balance,
  calls.transactions,
  calls.adminTransactions,
  calls.invoices,
  calls.invoice,
  calls.adminInvoices,
];

/** The balance shown in the header is stale (a payment came in). */
export function useInvalidateBalance() {
  return useInvalidate([calls.balance]);
}

/** Buys XP: the invoice, and where to pay it (null: charged on the mandate). */
export function useAddBalance() {
  return useApiMutation(calls.addBalance, { invalidates: xpQueries });
}

export function useGrantXp() {
  return useApiMutation(calls.grant, { invalidates: xpQueries });
}

export function useXpCorrection() {
  return useApiMutation(calls.correction, { invalidates: xpQueries });
}

export function usePayXpInvoice() {
  return useApiMutation(calls.payInvoice, { invalidates: xpQueries });
}

export function useCancelXpInvoice() {
  return useApiMutation(calls.cancelInvoice, { invalidates: xpQueries });
}

/** A page of the transactions: the active employer's, or every one's (admin). */
export function useXpTransactions(scope: XpScope, state: XpTransactionListState, counts: Counts = {}) {
  const query = { ...toXpTransactionQuery(state), ...counts };
  const employer = useApiListQuery(
    calls.transactions,
    { params: { activeEmployerId: scope.kind === 'employer' ? scope.activeEmployerId : 0 }, query },
    { enabled: scope.kind === 'employer' },
  );
  const admin = useApiListQuery(calls.adminTransactions, { query }, { enabled: scope.kind === 'admin' });
  return scope.kind === 'employer' ? employer : admin;
}

/** One page of the admin's transactions, for the list's CSV export. */
export const fetchAdminXpTransactions = (state: XpTransactionListState) =>
  call(calls.adminTransactions, { query: toXpTransactionQuery(state) });

/** One page of the active employer's transactions, for the list's CSV export. */
export const fetchEmployerXpTransactions = (activeEmployerId: number, state: XpTransactionListState) =>
  call(calls.transactions, { params: { activeEmployerId }, query: toXpTransactionQuery(state) });

/** A page of the XP invoices: the active employer's (`openOnly`: still to pay), or every one's (admin). */
export function useXpInvoices(
  scope: XpScope,
  state: XpInvoiceListState,
  { openOnly = false, counts = {} }: { openOnly?: boolean; counts?: Counts } = {},
) {
  const query = { ...toXpInvoiceQuery(state, openOnly), ...counts };
  const employer = useApiListQuery(
    calls.invoices,
    { params: { activeEmployerId: scope.kind === 'employer' ? scope.activeEmployerId : 0 }, query },
    { enabled: scope.kind === 'employer' },
  );
  const admin = useApiListQuery(calls.adminInvoices, { query }, { enabled: scope.kind === 'admin' });
  return scope.kind === 'employer' ? employer : admin;
}

/** One page of the same invoice list, for the CSV export. */
export const fetchXpInvoices = (scope: XpScope, state: XpInvoiceListState) =>
  scope.kind === 'employer'
    ? call(calls.invoices, {
        params: { activeEmployerId: scope.activeEmployerId },
        query: toXpInvoiceQuery(state),
      })
    : call(calls.adminInvoices, { query: toXpInvoiceQuery(state) });

/** One XP invoice of the active employer; `refetchInterval` while a payment is awaited. */
export function useXpInvoice(activeEmployerId: number, id: number, refetchInterval: number | false = false) {
  return useApiQuery(
    calls.invoice,
    { params: { activeEmployerId, id } },
    { enabled: activeEmployerId > 0 && id > 0, refetchInterval },
  );
}

/** The invoice's PDF (served to the employer's staff and admins). */
export const xpInvoicePdfUrl = (id: number) => `/api${buildPath(INVOICE_PDF_PATH, { id })}`;
