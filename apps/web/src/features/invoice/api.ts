import { type EndpointDefinition, invoiceEndpoints as endpoints } from '@xp/contracts';
import { call } from '@/app/api-client';
import { useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type InvoiceListState, toInvoiceQuery } from './search';

/** A page of the active gym's (or location's) invoices; one member's with `memberId`. */
export function useInvoices(
  state: InvoiceListState,
  memberId: number | undefined,
  counts: { counts?: false } = {},
) {
  return useApiListQuery(endpoints.list, { query: { ...toInvoiceQuery(state, memberId), ...counts } });
}

/** One page of the same list, for the CSV export. */
export const fetchInvoices = (state: InvoiceListState, memberId?: number) =>
  call(endpoints.list, { query: toInvoiceQuery(state, memberId) });

export function useInvoice(id: number | undefined) {
  return useApiQuery(endpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
}

/** A change of an invoice makes the lists and the invoice stale. */
function useInvoiceMutation<E extends EndpointDefinition>(endpoint: E) {
  return useApiMutation(endpoint, { invalidates: [endpoints.list, endpoints.get] });
}

export const useMarkInvoicePaid = () => useInvoiceMutation(endpoints.markPaid);
export const useCancelInvoice = () => useInvoiceMutation(endpoints.cancel);
export const useInvoicePaymentLink = () => useInvoiceMutation(endpoints.paymentLink);
export const useSendInvoicePaymentLink = () => useInvoiceMutation(endpoints.sendPaymentLink);
