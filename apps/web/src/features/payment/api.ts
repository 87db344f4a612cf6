import { paymentEndpoints as endpoints } from '@xp/contracts';
import { useApiMutation, useApiQuery } from '@/app/api-hooks';

/** A payment the local test provider holds, as its checkout page shows it. */
export function useCheckout(id: string) {
  return useApiQuery(
    endpoints.checkout,
    { params: { id } },
    // 404: unknown, or this server runs in production (no test provider): asking again will not change that.
    { retry: (count, error) => error.status !== 404 && count < 2 },
  );
}

/** Pays, fails, cancels, expires, leaves pending or charges back the payment (then the webhook is called). */
export const useSettleCheckout = () => useApiMutation(endpoints.settleCheckout);
