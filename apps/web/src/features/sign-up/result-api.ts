import { useQueryClient } from '@tanstack/react-query';
import type { billingEndpoints } from '@xp/contracts';
import { descriptor } from '@xp/contracts/descriptor';
import type { ApiCallError } from '@/app/api-client';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';

/*
 * The result page of a sign-up (`/inschrijven/resultaat/$token`), where the bank sends the person back: the
 * first invoice by its pay link's token (decision 017). Called through schema-free descriptors (decision
 * 010), so the page a phone opens after the bank downloads no zod.
 */
type Billing = typeof billingEndpoints;

const calls = {
  publicInvoice: descriptor<Billing['publicInvoice']>('GET', '/Invoice/Public/{token}'),
  payPublicInvoice: descriptor<Billing['payPublicInvoice']>('POST', '/Invoice/Public/{token}/Pay'),
};

/**
 * While the bank has not confirmed the payment the page asks again every 3 s, for two minutes at most: the
 * server allows 60 requests a quarter of an hour per address, and the person can still ask by hand.
 */
export const RESULT_POLL = { intervalMs: 3_000, maxCount: 40 } as const;

const retryUnlessRefused = (count: number, error: ApiCallError) =>
  !(error.status >= 400 && error.status < 500) && count < 2;

const keepsPolling = (isPending: boolean | undefined, updates: number) =>
  Boolean(isPending) && updates <= RESULT_POLL.maxCount;

/**
 * The first invoice of a sign-up; asks again by itself while its payment is pending (`isPolling`: it still
 * will; false once it gave up or a poll failed).
 */
export function useSignUpResult(token: string) {
  const queryClient = useQueryClient();
  const input = { params: { token } };
  const query = useApiQuery(calls.publicInvoice, input, {
    retry: retryUnlessRefused,
    // Back from the bank's page in another tab: the status may have changed.
    refetchOnWindowFocus: true,
    refetchInterval: ({ state }) =>
      state.status !== 'error' && keepsPolling(state.data?.isPending, state.dataUpdateCount)
        ? RESULT_POLL.intervalMs
        : false,
  });
  const updates = queryClient.getQueryState(apiQueryKey(calls.publicInvoice, input))?.dataUpdateCount ?? 0;
  const isPolling = query.status === 'success' && keepsPolling(query.data.isPending, updates);
  return { query, isPolling };
}

/** Starts the payment again: answers the provider's checkout page to go to. */
export const usePayAgain = () => useApiMutation(calls.payPublicInvoice);
