import { randomBytes } from 'node:crypto';
import { finalPaymentStatuses, type PaymentProviderName, type PaymentStatus } from '@xp/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, systemActor } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { AppError, errors, GENERAL_KEY } from '../../platform/http/errors.ts';
import {
  type GatewayPayment,
  GatewayRefusedError,
  GatewayUnavailableError,
  type NewGatewayPayment,
  type PaymentGateway,
} from '../../platform/payments/gateway.ts';
import { createLocalGateway } from '../../platform/payments/local-gateway.ts';
import { createMollieGateway } from '../../platform/payments/mollie-gateway.ts';
import { paymentEvents, payments } from './payments.tables.ts';
import { settleByChargeback } from './refunds.ts';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Called in the transaction that moved a payment of the listener's subject (its status, or the amount
 * charged back), once per change: a repeated webhook moves nothing and calls nobody. `actor`: who the
 * writes it makes are audited as (the provider's webhook, or the call that asked the provider).
 */
export type PaymentListener = (
  tx: Database,
  payment: PaymentRow,
  previous: PaymentRow,
  actor: Actor,
) => Promise<void>;

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

/** The path of the route the provider sends the person back to (`paymentReturnRoute`). */
export const PAYMENT_RETURN_PATH = '/api/Payment/Return/';

/** A payment that may still be paid (created, open) or is on its way (pending, authorized). */
export const isLive = (payment: Pick<PaymentRow, 'status'>) => !finalPaymentStatuses.includes(payment.status);
/** On its way at the bank (a direct debit, an authorised card): it cannot be stopped, only awaited. */
export const isUnderWay = (payment: Pick<PaymentRow, 'status' | 'sequenceType'>) =>
  payment.status === 'pending' ||
  payment.status === 'authorized' ||
  (payment.sequenceType === 'recurring' && isLive(payment));
/** Nothing can change any more: no later status, no chargeback of money that never came or went back. */
const isSettled = (payment: PaymentRow) =>
  ['failed', 'canceled', 'expired'].includes(payment.status) ||
  (payment.status === 'paid' && payment.chargedBackCents >= payment.amountCents);

/** The payments of a subject's row, newest first. */
export const attemptsOf = (db: Database, subject: string, subjectId: number) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.subject, subject), eq(payments.subjectId, subjectId)))
    .orderBy(desc(payments.id));

/** The attempt number of a payment (its idempotency key ends in it). */
const attemptOf = (payment: PaymentRow) =>
  Number(payment.idempotencyKey.slice(payment.idempotencyKey.lastIndexOf('-') + 1));

const underWay = () => errors.conflict(GENERAL_KEY, 'payment.errors.underWay');

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
    const returnToken = randomBytes(18).toString('base64url');
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
        // The provider sends the person to our return route, which sends them on to the page of whoever asked
        // last (`returnUrl`): one attempt, whatever page it returns to.
        redirectUrl: `${options.publicUrl}${PAYMENT_RETURN_PATH}${returnToken}`,
        returnToken,
        returnUrl: input.redirectUrl,
      })
      .onConflictDoUpdate({
        target: payments.idempotencyKey,
        set: { returnUrl: input.redirectUrl },
      });
    const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
    if (row!.providerPaymentId) return row!;
    // Cancelled before the provider ever answered it: never sent again.
    if (!isLive(row!)) throw errors.conflict(GENERAL_KEY, 'payment.errors.notPayable');
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
   * What the provider answered of a payment, applied under the record's lock, only forward (a webhook that
   * fetched earlier may be applied after one that fetched later): its status and the amount charged back,
   * once per change, with the listener of its subject in the same transaction.
   */
  async function apply(
    paymentId: number,
    fetched: GatewayPayment,
    actor: Actor = systemActor('payment-webhook'),
  ): Promise<PaymentRow | undefined> {
    return inTransaction(db, async (tx) => {
      const [previous] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (!previous) return undefined;
      const status = rank(fetched.status) < rank(previous.status) ? previous.status : fetched.status;
      const chargedBackCents = Math.min(
        previous.amountCents,
        Math.max(previous.chargedBackCents, fetched.chargedBackCents),
      );
      if (status === previous.status && chargedBackCents === previous.chargedBackCents) return previous;
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
      // Money owed back that the payer took back by a chargeback is settled so.
      if (chargedBackCents >= moved!.amountCents) await settleByChargeback(tx, moved!.id, actor);
      await listeners.get(moved!.subject)?.(tx, moved!, previous, actor);
      return moved;
    });
  }

  /**
   * The webhook: the payment named by `providerPaymentId` is fetched from its provider (nothing of the call
   * is trusted) and applied (`apply`). An id we do not know, or a payment that can no longer change
   * (failed, cancelled, expired, or paid and wholly charged back), changes nothing and calls no provider
   * (true: answered 200); a provider that cannot be reached throws 503, so that the provider calls again.
   */
  async function applyWebhook(providerPaymentId: string, requestId: string | null = null): Promise<void> {
    const [known] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    if (!known || isSettled(known)) return;
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
    await apply(known.id, fetched, systemActor('payment-webhook', requestId));
  }

  /**
   * Starts the payment of a subject's row, keeping one live attempt (decision 015): the open attempt is
   * answered again whoever asks and whatever page they return to (it then returns to the asker's page); a
   * payment on its way at the bank (pending, authorised, a direct debit) refuses a new one (409
   * `payment.errors.underWay`); else a new attempt begins.
   */
  async function startOne(input: Omit<NewPayment, 'attempt'>): Promise<PaymentRow> {
    const attempts = await attemptsOf(db, input.subject, input.subjectId);
    const live = attempts.filter(isLive);
    if (live.some(isUnderWay)) throw underWay();
    const open = live[0];
    const attempt = open ? attemptOf(open) : Math.max(0, ...attempts.map(attemptOf)) + 1;
    return start({ ...input, attempt });
  }

  /**
   * Stops what could still pay a subject's row before it is cancelled or paid otherwise: each open attempt
   * is cancelled at its provider (and applied); one the provider does not let cancel (Mollie: the method
   * does not allow it) stays open, and if it is paid after all the money is owed back (`refunds_owed`). A
   * payment on its way at the bank refuses (409 `payment.errors.underWay`): it is awaited. A provider that
   * cannot be reached leaves the attempt open (the same: paid later, owed back).
   */
  async function stopLive(subject: string, subjectId: number): Promise<void> {
    const live = (await attemptsOf(db, subject, subjectId)).filter(isLive);
    if (live.some(isUnderWay)) throw underWay();
    for (const payment of live) {
      if (!payment.providerPaymentId) {
        // The provider never answered its creation: it is never sent again.
        await db
          .update(payments)
          .set({ status: 'canceled' })
          .where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)));
        continue;
      }
      const gateway = await gatewayOf(payment.provider, payment.locationId);
      let fetched: GatewayPayment;
      try {
        fetched = await gateway.cancelPayment(payment.providerPaymentId);
      } catch (error) {
        if (error instanceof GatewayUnavailableError) continue;
        if (!(error instanceof GatewayRefusedError)) throw error;
        // Not cancellable: as it is now (it may have been paid or gone to the bank meanwhile).
        try {
          fetched = await gateway.getPayment(payment.providerPaymentId);
        } catch (again) {
          if (again instanceof GatewayUnavailableError || again instanceof GatewayRefusedError) continue;
          throw again;
        }
      }
      const applied = await apply(payment.id, fetched);
      if (applied && isUnderWay(applied)) throw underWay();
    }
  }

  /**
   * Pays a paid payment back through its provider (a refund under `idempotencyKey`: asked twice, refunded
   * once). Answers the provider's refund id; 409 when the provider refuses, 503 when it cannot be reached.
   */
  async function refund(paymentId: number, amountCents: number, idempotencyKey: string): Promise<string> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment?.providerPaymentId || payment.status !== 'paid')
      throw errors.conflict(GENERAL_KEY, 'payment.errors.notRefundable');
    const gateway = await gatewayOf(payment.provider, payment.locationId);
    try {
      const made = await gateway.createRefund({
        paymentId: payment.providerPaymentId,
        amountCents,
        description: `Terugbetaling ${payment.description}`,
        idempotencyKey,
      });
      return made.id;
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw unavailable();
      if (error instanceof GatewayRefusedError)
        throw errors.conflict(GENERAL_KEY, 'payment.errors.notRefundable');
      throw error;
    }
  }

  return {
    gatewayFor,
    start,
    startOne,
    stopLive,
    refund,
    applyWebhook,
    /** One listener per subject: the domain that owns it. */
    onChange(subject: string, listener: PaymentListener) {
      if (listeners.has(subject)) throw new Error(`payments of ${subject} already have a listener`);
      listeners.set(subject, listener);
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
