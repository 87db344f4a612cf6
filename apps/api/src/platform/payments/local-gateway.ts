import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CheckoutAction, CheckoutPayment } from '@xp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { errors } from '../http/errors.ts';
import { type GatewayPayment, GatewayRefusedError, type PaymentGateway } from './gateway.ts';
import {
  localProviderCustomers,
  localProviderMandates,
  localProviderPayments,
} from './local-gateway.tables.ts';

/**
 * The local test provider: the embedded default where no Mollie key is configured, never in production. It
 * behaves as Mollie's test mode does: a payment is `open` with a hosted checkout page (`/dev/checkout/{id}`)
 * where the tester pays, fails, cancels, expires, leaves it pending or charges it back; then it calls the
 * webhook with the payment's id, and the webhook fetches the payment, as it does from Mollie. A paid `first`
 * payment leaves a valid mandate; a `recurring` charge on a valid mandate starts `pending` (a direct debit
 * takes days), and is settled on the same page. Its state is in the database, as Mollie keeps its own.
 */
export function createLocalGateway(db: Database, publicUrl: string): PaymentGateway {
  const checkoutUrl = (id: string) => `${publicUrl}/dev/checkout/${id}`;
  const read = async (id: string) => {
    const [row] = await db.select().from(localProviderPayments).where(eq(localProviderPayments.id, id));
    return row;
  };
  return {
    provider: 'local',
    async createCustomer(input) {
      const id = localId('cst');
      await db.insert(localProviderCustomers).values({ id, name: input.name, email: input.email });
      return { id };
    },
    async createMandate(input) {
      const id = localId('mdt');
      await db.insert(localProviderMandates).values({
        id,
        customerId: input.customerId,
        status: 'valid',
        method: 'directdebit',
        accountLastChars: input.iban.replaceAll(' ', '').slice(-4),
      });
      return { id, status: 'valid' };
    },
    async getMandate(customerId, mandateId) {
      const [row] = await db
        .select()
        .from(localProviderMandates)
        .where(eq(localProviderMandates.id, mandateId));
      if (!row || row.customerId !== customerId) throw errors.notFound('payment.errors.notFound');
      return { id: row.id, status: row.status };
    },
    async createPayment(input) {
      // A charge on a mandate needs a valid one of the customer, as Mollie requires.
      if (input.sequenceType === 'recurring') {
        const [mandate] = input.mandateId
          ? await db.select().from(localProviderMandates).where(eq(localProviderMandates.id, input.mandateId))
          : [];
        if (!mandate || mandate.customerId !== input.customerId || mandate.status !== 'valid')
          throw errors.conflict('general', 'payment.errors.noValidMandate');
      }
      await db
        .insert(localProviderPayments)
        .values({
          id: localId('tr'),
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          description: input.description,
          status: input.sequenceType === 'recurring' ? 'pending' : 'open',
          sequenceType: input.sequenceType,
          customerId: input.customerId ?? null,
          mandateId: input.sequenceType === 'recurring' ? (input.mandateId ?? null) : null,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
        })
        .onConflictDoNothing({ target: localProviderPayments.idempotencyKey });
      // The same key answers the payment it made first, as Mollie's idempotency does.
      const [row] = await db
        .select()
        .from(localProviderPayments)
        .where(eq(localProviderPayments.idempotencyKey, input.idempotencyKey));
      return gatewayPayment(row!, checkoutUrl);
    },
    async getPayment(id) {
      const row = await read(id);
      if (!row) throw errors.notFound('payment.errors.notFound');
      return gatewayPayment(row, checkoutUrl);
    },
    // As Mollie: an open payment can be cancelled (its checkout then refuses to pay); anything else is refused.
    async cancelPayment(id) {
      const [row] = await db
        .update(localProviderPayments)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(localProviderPayments.id, id), eq(localProviderPayments.status, 'open')))
        .returning();
      if (!row) throw new GatewayRefusedError('notCancelable', 422);
      return gatewayPayment(row, checkoutUrl);
    },
    // The test provider pays nothing back: a paid payment's refund is answered with an id of its key.
    async createRefund(input) {
      const row = await read(input.paymentId);
      if (row?.status !== 'paid' || input.amountCents > row.amountCents - row.chargedBackCents)
        throw new GatewayRefusedError('amount', 422);
      return {
        id: `re_local_${createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 12)}`,
      };
    },
  };
}

type LocalPayment = typeof localProviderPayments.$inferSelect;

function gatewayPayment(row: LocalPayment, checkoutUrl: (id: string) => string): GatewayPayment {
  const settled = row.status !== 'open' && row.status !== 'pending';
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    chargedBackCents: row.chargedBackCents,
    sequenceType: row.sequenceType,
    customerId: row.customerId,
    mandateId: row.mandateId,
    // The link holds the payment's secret token: whoever has it may pay, as on Mollie's hosted page.
    checkoutUrl:
      settled || row.sequenceType === 'recurring'
        ? null
        : `${checkoutUrl(row.id)}?token=${encodeURIComponent(row.checkoutToken)}`,
    paidAt: row.status === 'paid' ? row.updatedAt : null,
  };
}

/** What the checkout page can do with a payment in its status. */
function actionsOf(row: LocalPayment): CheckoutAction[] {
  if (row.status === 'open') return ['paid', 'failed', 'canceled', 'expired', 'pending'];
  if (row.status === 'pending') return ['paid', 'failed', 'canceled', 'expired'];
  if (row.status === 'paid' && row.chargedBackCents === 0) return ['chargedBack'];
  return [];
}

const checkoutView = (row: LocalPayment): CheckoutPayment => ({
  id: row.id,
  description: row.description,
  amountCents: row.amountCents,
  status: row.status,
  sequenceType: row.sequenceType,
  chargedBackCents: row.chargedBackCents,
  redirectUrl: row.redirectUrl,
  actions: actionsOf(row),
});

/** Whether `token` is the payment's checkout token (compared in constant time). */
const holdsLink = (row: LocalPayment, token: string) => {
  const expected = Buffer.from(row.checkoutToken);
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** A payment whose checkout link the caller holds; without the right token it does not exist for them. */
export async function findCheckout(db: Database, id: string, token: string): Promise<CheckoutPayment> {
  const [row] = await db.select().from(localProviderPayments).where(eq(localProviderPayments.id, id));
  if (!row || !holdsLink(row, token)) throw errors.notFound('payment.errors.notFound');
  return checkoutView(row);
}

/**
 * The checkout page's action on a payment whose link (token) the caller holds, then the webhook called with
 * its id (as Mollie does: the webhook fetches the payment). An action its status does not allow is refused (409) and changes nothing.
 */
export async function settleCheckout(
  db: Database,
  id: string,
  token: string,
  action: CheckoutAction,
  callWebhook: (webhookUrl: string, paymentId: string) => Promise<void>,
): Promise<CheckoutPayment> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(localProviderPayments)
      .where(eq(localProviderPayments.id, id))
      .for('update');
    if (!current || !holdsLink(current, token)) throw errors.notFound('payment.errors.notFound');
    if (!actionsOf(current).includes(action))
      throw errors.conflict('general', 'payment.errors.checkoutActionNotAllowed');
    let mandateId = current.mandateId;
    // A paid first payment leaves a valid mandate of its customer (Mollie makes it from the iDEAL account).
    if (action === 'paid' && current.sequenceType === 'first' && current.customerId) {
      mandateId = localId('mdt');
      await tx
        .insert(localProviderMandates)
        .values({ id: mandateId, customerId: current.customerId, status: 'valid', method: 'ideal' });
    }
    const [updated] = await tx
      .update(localProviderPayments)
      .set(
        action === 'chargedBack'
          ? { chargedBackCents: current.amountCents }
          : { status: action, mandateId, updatedAt: sql`now()` },
      )
      .where(eq(localProviderPayments.id, id))
      .returning();
    return updated!;
  });
  await callWebhook(row.webhookUrl, row.id);
  return checkoutView(row);
}

/** `tr_local_…`: recognisably the local provider's, and never one of Mollie's. */
const localId = (prefix: 'tr' | 'cst' | 'mdt') => `${prefix}_local_${randomBytes(9).toString('base64url')}`;
