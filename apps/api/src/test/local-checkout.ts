import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import { localProviderPayments } from '../platform/payments/local-gateway.tables.ts';

/**
 * The token of a local payment's checkout link (`/dev/checkout/{id}?token=…`), as its payer holds it: for a
 * test that knows only the provider's id of the payment. Empty for an unknown id.
 */
export async function checkoutTokenOf(db: Database, providerPaymentId: string): Promise<string> {
  const [row] = await db
    .select({ token: localProviderPayments.checkoutToken })
    .from(localProviderPayments)
    .where(eq(localProviderPayments.id, providerPaymentId));
  return row?.token ?? '';
}

type Injector = { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> };

/**
 * The payer acts on the local provider's checkout page (`paid`, `failed`, `canceled`, ...), then the
 * provider's webhook arrives as it posts it (`webhooks` times: a repeated call changes nothing). Takes the
 * checkout link as the payer holds it (`/dev/checkout/{id}?token=…`), or the provider's id of the payment.
 */
export async function settleLocally(
  app: Injector,
  db: Database,
  checkout: { url: string } | { providerPaymentId: string },
  action: string,
  webhooks = 1,
) {
  let providerId: string;
  let token: string | null;
  if ('url' in checkout) {
    const link = new URL(checkout.url);
    providerId = link.pathname.split('/').at(-1)!;
    token = link.searchParams.get('token');
  } else {
    providerId = checkout.providerPaymentId;
    token = await checkoutTokenOf(db, providerId);
  }
  const acted = await app.inject({
    method: 'POST',
    url: `/api/dev/checkout/${providerId}`,
    payload: { action, token },
  });
  expect(acted.statusCode, acted.body).toBe(200);
  for (let i = 0; i < webhooks; i++) {
    const called = await app.inject({
      method: 'POST',
      url: '/api/Payment/Webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${providerId}`,
    });
    expect(called.statusCode, called.body).toBe(200);
  }
}
