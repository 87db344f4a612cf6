import { finalPaymentStatuses, type PaymentProviderName, type PaymentStatus } from '@xp/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { inTransaction } from '../db/errors.ts';
import { AppError, errors, GENERAL_KEY } from '../http/errors.ts';
import {
  type GatewayPayment,
  GatewayRefusedError,
  GatewayUnavailableError,
  type NewGatewayPayment,
  type PaymentGateway,
} from './gateway.ts';
import { createLocalGateway } from './local-gateway.ts';
import { createMollieGateway } from './mollie-gateway.ts';
import { paymentEvents, payments } from './payments.tables.ts';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Called in the transaction that moved a payment of the listener's subject (its status, or the amount
 * charged back), once per change: a repeated webhook moves nothing and calls nobody.
 */
export type PaymentListener = (tx: Database, payment: PaymentRow, previous: PaymentRow) => Promise<void>;

export interface PaymentsOptions {
  db: Database;
  isProduction: boolean;
  /** Links (checkout, webhook) start here. */
  publicUrl: string;
  /** The platform's own key (payments of no location); unset: the local test provider outside production. */
  mollieApiKey: string | undefined;
  /** Tests only: a local HTTPS double of Mollie's API. */
  mollieApiEndpoint?: string | undefined;
  /** The decrypted Mollie key a location collects with (the location module keeps it encrypted). */
  apiKeyOfLocation: (db: Database, locationId: number) => Promise<string | undefined>;
}

export interface NewPayment
  extends Pick<
    NewGatewayPayment,
    'amountCents' | 'description' | 'sequenceType' | 'customerId' | 'mandateId' | 'redirectUrl'
  > {
  gymId: number | null;
  /** Whose provider collects it; null: the platform's. */
  locationId: number | null;
  /** The domain it pays for (`invoice`, ...) and its row. */
  subject: string;
  subjectId: number;
  /** The collection attempt (1, 2, ...): one payment record per attempt, each with its own idempotency key. */
  attempt: number;
}

const unavailable = () =>
  new AppError(503, [{ key: GENERAL_KEY, message: 'payment.errors.providerUnavailable' }]);

/** A status may not move back: a webhook that fetched earlier may be applied after one that fetched later. */
const rank = (status: PaymentStatus) =>
  finalPaymentStatuses.includes(status)
    ? 4
    : { created: 0, open: 1, pending: 2, authorized: 3 }[
        status as 'created' | 'open' | 'pending' | 'authorized'
      ];

/**
 * The payment machinery (decision 015): which provider collects a payment, starting a collection attempt
 * under its deterministic idempotency key, and the webhook's fetch-and-apply. Domains listen to the
 * payments of their subject (`onChange`).
 */
export function createPayments(options: PaymentsOptions) {
  const { db } = options;
  const listeners = new Map<string, PaymentListener>();
  const webhookUrl = `${options.publicUrl}/api/Payment/Webhook`;

  /** Who collects for a location (its Mollie key) or for the platform; the local provider outside production. */
  async function providerFor(locationId: number | null): Promise<PaymentProviderName> {
    const key = locationId === null ? options.mollieApiKey : await options.apiKeyOfLocation(db, locationId);
    if (key) return 'mollie';
    if (options.isProduction) throw errors.conflict(GENERAL_KEY, 'payment.errors.noProvider');
    return 'local';
  }

  async function gatewayOf(
    provider: PaymentProviderName,
    locationId: number | null,
  ): Promise<PaymentGateway> {
    if (provider === 'local') {
      // Never in production, also not for a payment made before: the test provider pays nothing.
      if (options.isProduction) throw errors.conflict(GENERAL_KEY, 'payment.errors.noProvider');
      return createLocalGateway(db, options.publicUrl);
    }
    const key = locationId === null ? options.mollieApiKey : await options.apiKeyOfLocation(db, locationId);
    if (!key) throw errors.conflict(GENERAL_KEY, 'payment.errors.noProvider');
    return createMollieGateway(key, options.mollieApiEndpoint);
  }

  /** The gateway a location (or the platform) collects with now, for customers and mandates. */
  const gatewayFor = async (locationId: number | null) =>
    gatewayOf(await providerFor(locationId), locationId);

  /**
   * Starts (or resumes) a collection attempt. The record is written first under the attempt's key; if the
   * provider cannot be reached, it stays `created` and the call answers 503; called again, the same key is
   * sent, and the provider answers the payment it may already have made. An attempt that has its payment
   * answers it as it is.
   */
  async function start(input: NewPayment): Promise<PaymentRow> {
    const idempotencyKey = `${input.subject}-${input.subjectId}-${input.attempt}`;
    await db
      .insert(payments)
      .values({
        gymId: input.gymId,
        locationId: input.locationId,
        provider: await providerFor(input.locationId),
        idempotencyKey,
        subject: input.subject,
        subjectId: input.subjectId,
        sequenceType: input.sequenceType,
        amountCents: input.amountCents,
        description: input.description,
        customerId: input.customerId ?? null,
        mandateId: input.mandateId ?? null,
        redirectUrl: input.redirectUrl,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey });
    const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
    if (row!.providerPaymentId) return row!;
    const gateway = await gatewayOf(row!.provider, row!.locationId);
    let made: GatewayPayment;
    try {
      made = await gateway.createPayment({
        amountCents: row!.amountCents,
        description: row!.description,
        sequenceType: row!.sequenceType,
        customerId: row!.customerId ?? undefined,
        mandateId: row!.mandateId ?? undefined,
        redirectUrl: row!.redirectUrl ?? options.publicUrl,
        webhookUrl,
        idempotencyKey,
      });
    } catch (error) {
      if (error instanceof GatewayUnavailableError || error instanceof GatewayRefusedError) {
        await db.update(payments).set({ lastError: error.code }).where(eq(payments.id, row!.id));
        if (error instanceof GatewayRefusedError)
          throw errors.conflict(GENERAL_KEY, 'payment.errors.providerRefused');
        throw unavailable();
      }
      throw error;
    }
    return inTransaction(db, async (tx) => {
      // Two calls of the same attempt at once: the provider answered both with the same payment; the first
      // stores it, the second finds it stored.
      const [stored] = await tx
        .update(payments)
        .set({
          providerPaymentId: made.id,
          status: made.status,
          checkoutUrl: made.checkoutUrl,
          customerId: made.customerId,
          mandateId: made.mandateId,
          lastError: null,
        })
        .where(and(eq(payments.id, row!.id), isNull(payments.providerPaymentId)))
        .returning();
      if (!stored) return (await tx.select().from(payments).where(eq(payments.id, row!.id)))[0]!;
      await tx
        .insert(paymentEvents)
        .values({ paymentId: stored.id, status: stored.status, chargedBackCents: 0 });
      return stored;
    });
  }

  /**
   * The webhook: the payment named by `providerPaymentId` is fetched from its provider (nothing of the call
   * is trusted) and its status and amount charged back are applied under the record's lock, only forward.
   * An id we do not know changes nothing (true: answered 200); a provider that cannot be reached throws 503,
   * so that the provider calls again.
   */
  async function applyWebhook(providerPaymentId: string): Promise<void> {
    const [known] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    if (!known) return;
    const gateway = await gatewayOf(known.provider, known.locationId);
    let fetched: GatewayPayment;
    try {
      fetched = await gateway.getPayment(providerPaymentId);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw unavailable();
      // The provider says it has no such payment: nothing to apply.
      if (error instanceof GatewayRefusedError) return;
      throw error;
    }
    await inTransaction(db, async (tx) => {
      const [previous] = await tx.select().from(payments).where(eq(payments.id, known.id)).for('update');
      if (!previous) return;
      const status = rank(fetched.status) < rank(previous.status) ? previous.status : fetched.status;
      const chargedBackCents = Math.min(
        previous.amountCents,
        Math.max(previous.chargedBackCents, fetched.chargedBackCents),
      );
      if (status === previous.status && chargedBackCents === previous.chargedBackCents) return;
      const [moved] = await tx
        .update(payments)
        .set({
          status,
          chargedBackCents,
          mandateId: fetched.mandateId ?? previous.mandateId,
          checkoutUrl: fetched.checkoutUrl,
          paidAt: status === 'paid' ? (previous.paidAt ?? fetched.paidAt ?? sql`now()`) : previous.paidAt,
        })
        .where(eq(payments.id, previous.id))
        .returning();
      await tx.insert(paymentEvents).values({ paymentId: moved!.id, status, chargedBackCents });
      await listeners.get(moved!.subject)?.(tx, moved!, previous);
    });
  }

  return {
    gatewayFor,
    start,
    applyWebhook,
    /** One listener per subject: the domain that owns it. */
    onChange(subject: string, listener: PaymentListener) {
      if (listeners.has(subject)) throw new Error(`payments of ${subject} already have a listener`);
      listeners.set(subject, listener);
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
