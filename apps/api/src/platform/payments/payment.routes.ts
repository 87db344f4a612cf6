import { paymentEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../db/client.ts';
import { route } from '../http/route.ts';
import { findCheckout, settleCheckout } from './local-gateway.ts';
import type { Payments } from './payments.ts';

/** Mollie calls a webhook once and retries on anything but 2xx; so does the local provider, once. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The webhook (public: the provider is not signed in, and nothing it sends is trusted) and the local test
 * provider's checkout (development only: its policy keeps it out of production; only who holds a payment's
 * checkout link, with its token, sees and settles it).
 */
export function paymentRoutes(deps: {
  db: Database;
  payments: Payments;
  log: { warn: (data: object, message: string) => void };
}) {
  const { db, payments, log } = deps;
  /** As Mollie does: a form post of the id; a failure is logged (the payment's page can be settled again). */
  const callWebhook = async (webhookUrl: string, paymentId: string) => {
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: paymentId }).toString(),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) log.warn({ status: response.status }, 'local payment webhook answered an error');
    } catch (error) {
      log.warn({ code: (error as { code?: string }).code ?? 'failed' }, 'local payment webhook not reached');
    }
  };
  return [
    route(endpoints.webhook, async ({ body }) => {
      await payments.applyWebhook(body.id);
      return null;
    }),
    route(endpoints.checkout, ({ params, query }) => findCheckout(db, params.id, query.token)),
    route(endpoints.settleCheckout, ({ params, body }) =>
      settleCheckout(db, params.id, body.token, body.action, callWebhook),
    ),
  ];
}
