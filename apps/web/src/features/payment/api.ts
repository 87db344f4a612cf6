import { paymentEndpoints as endpoints } from '@xp/contracts';
import { useApiMutation, useApiQuery } from '@/app/api-hooks';

/** A payment the local test provider holds, as its checkout page shows it (`token`: of the checkout link). */
export function useCheckout(id: string, token: string) {
  return useApiQuery(
    endpoints.checkout,
    { params: { id }, query: { token } },
    // 404: unknown, not this link's token, or this server runs in production (no test provider): asking
    // again will not change that.
    { retry: (count, error) => error.status !== 404 && count < 2 },
  );
}

/** Pays, fails, cancels, expires, leaves pending or charges back the payment (then the webhook is called). */
export const useSettleCheckout = () => useApiMutation(endpoints.settleCheckout);
