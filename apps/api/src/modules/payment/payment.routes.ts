import { paymentEndpoints as endpoints, policy } from '@xp/contracts';
import { eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import { route } from '../../platform/http/route.ts';
import { findCheckout, settleCheckout } from '../../platform/payments/local-gateway.ts';
import { payments as paymentRows, refundsOwed } from './payments.tables.ts';
import { PAYMENT_RETURN_PATH, type Payments } from './payments.ts';
import { listRefundsOwed, recordRefund } from './refunds.ts';

/**
 * The webhook's rule per calling address: generous for the provider's few senders (Mollie retries a refused
 * call later), small enough that nobody makes the server call the provider without end.
 */
const WEBHOOK_LIMIT = { limit: 600, windowSeconds: 60 };

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
    route(endpoints.webhook, async ({ body, request }) => {
      await enforceRateLimit(db, `payment-webhook:address:${request.ip}`, WEBHOOK_LIMIT);
      await payments.applyWebhook(body.id, request.id);
      return null;
    }),
    // What the platform owes back (XP invoices and product orders: its own provider received them).
    route(endpoints.platformRefundsOwed, ({ query }) =>
      listRefundsOwed(db, isNull(refundsOwed.gymId), query),
    ),
    route(endpoints.recordPlatformRefund, ({ session, params, body, actor }) =>
      recordRefund(db, payments, {
        id: params.id,
        scope: isNull(refundsOwed.gymId),
        method: body.method,
        userId: session.userId,
        actor,
      }),
    ),
    route(endpoints.checkout, ({ params, query }) => findCheckout(db, params.id, query.token)),
    route(endpoints.settleCheckout, ({ params, body }) =>
      settleCheckout(db, params.id, body.token, body.action, callWebhook),
    ),
  ];
}

/**
 * `GET /api/Payment/Return/{token}`: where a provider sends the person back after a checkout. It sends them
 * on (303) to the page of whoever asked last for the attempt (the pay page, the sign-up's result page): one
 * attempt, whatever page it returns to. The token is random per attempt; an unknown one goes to the start.
 */
export function paymentReturnRoute(deps: { db: Database; publicUrl: string }) {
  return (app: FastifyInstance) => {
    app.get(
      `${PAYMENT_RETURN_PATH}:token`,
      { config: { policy: policy.public }, schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
        const token = request.params.token;
        const [row] = /^[\w-]{1,64}$/.test(token)
          ? await deps.db
              .select({ returnUrl: paymentRows.returnUrl })
              .from(paymentRows)
              .where(eq(paymentRows.returnToken, token))
          : [];
        const target = row?.returnUrl?.startsWith(`${deps.publicUrl}/`)
          ? row.returnUrl
          : `${deps.publicUrl}/`;
        return reply.header('Cache-Control', 'no-store').redirect(target, 303);
      },
    );
  };
}
