import { useQueryClient } from '@tanstack/react-query';
import type { billingEndpoints } from '@xp/contracts';
import { descriptor } from '@xp/contracts/descriptor';
import type { ApiCallError } from '@/app/api-client';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';

/*
 * The two pages a member opens from a mail, on a phone more often than not: called through schema-free
 * descriptors (decision 010), so these pages download no zod. Their answers transform nothing.
 */
type Billing = typeof billingEndpoints;

export const billingPublicCalls = {
  publicInvoice: descriptor<Billing['publicInvoice']>('GET', '/Invoice/Public/{token}'),
  payPublicInvoice: descriptor<Billing['payPublicInvoice']>('POST', '/Invoice/Public/{token}/Pay'),
  publicMembership: descriptor<Billing['publicMembership']>('GET', '/Membership/Public/{token}'),
  cancelPublicMembership: descriptor<Billing['cancelPublicMembership']>(
    'POST',
    '/Membership/Public/{token}/Cancel',
  ),
};

/** A refusal (unknown link, malformed link, rate limited) comes again: only failures of the server retry. */
const retryUnlessRefused = (count: number, error: ApiCallError) =>
  !(error.status >= 400 && error.status < 500) && count < 2;

/**
 * The public entry asks a page's first data before the page mounts (`public/public-pages.tsx`); a failure it
 * got is shown as it is, not asked again on mount (which would show the loader between two equal answers, a
 * layout shift). The page's retry button asks again.
 */
const FIRST_ANSWER_KEPT = { retry: retryUnlessRefused, retryOnMount: false } as const;

/**
 * While the bank has not confirmed a payment, the page asks again: every 5 s for the first minute, then
 * every 30 s up to about ten minutes. The server allows 60 requests a quarter of an hour per address.
 */
export const PENDING_POLL = { fastMs: 5_000, fastCount: 12, slowMs: 30_000, maxCount: 30 } as const;

export function pendingPollDelay(isPending: boolean, polls: number): number | false {
  if (!isPending || polls >= PENDING_POLL.maxCount) return false;
  return polls < PENDING_POLL.fastCount ? PENDING_POLL.fastMs : PENDING_POLL.slowMs;
}

/**
 * The invoice of a pay link; asks again by itself while a payment is pending (`isPolling`: it still will,
 * false once it gave up or a poll failed).
 */
export function usePublicInvoice(token: string) {
  const queryClient = useQueryClient();
  const input = { params: { token } };
  const query = useApiQuery(billingPublicCalls.publicInvoice, input, {
    ...FIRST_ANSWER_KEPT,
    // Coming back from the bank's page in another tab: the status may have changed.
    refetchOnWindowFocus: true,
    // A failed poll (e.g. rate limited) stops the polling; the page offers to look again by hand.
    refetchInterval: (query) =>
      query.state.status === 'error'
        ? false
        : pendingPollDelay(query.state.data?.isPending ?? false, query.state.dataUpdateCount - 1),
  });
  const state = queryClient.getQueryState(apiQueryKey(billingPublicCalls.publicInvoice, input));
  const isPolling =
    query.status === 'success' &&
    pendingPollDelay(query.data.isPending, (state?.dataUpdateCount ?? 1) - 1) !== false;
  return { query, isPolling };
}

/** Starts (or resumes) the payment of the invoice: answers the provider's checkout page to go to. */
export const usePayPublicInvoice = () => useApiMutation(billingPublicCalls.payPublicInvoice);

/** The membership of a cancel link, with its notice period and the end it would get today. */
export function usePublicMembership(token: string) {
  return useApiQuery(billingPublicCalls.publicMembership, { params: { token } }, FIRST_ANSWER_KEPT);
}

/** Ends the membership after its notice period; the server mails a confirmation. */
export const useCancelPublicMembership = () => useApiMutation(billingPublicCalls.cancelPublicMembership);
