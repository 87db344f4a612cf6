import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import { localProviderPayments } from '../platform/payments/payments.tables.ts';

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
