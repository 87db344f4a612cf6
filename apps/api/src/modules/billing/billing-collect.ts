import { InvoiceStatus, isPayableInvoice } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/errors.ts';
import { GatewayRefusedError, GatewayUnavailableError } from '../../platform/payments/gateway.ts';
import { PAYMENT_SUBJECT } from '../invoice/invoice.repository.ts';
import * as repository from './billing.repository.ts';
import { type BillingDeps, mandateReferenceOf } from './billing-deps.ts';

/* Collecting an issued invoice: the member's mandate at the provider, and one direct debit (decision 017). */

/** A mandate the provider has, or will have from the IBAN the member gave, can be charged. */
export const canDebit = (period: { mandateStatus: string | null; iban: string | null }) =>
  period.mandateStatus === 'valid' ||
  period.mandateStatus === 'pending' ||
  (period.mandateStatus === null && period.iban !== null);

/**
 * A member's mandate at a location, made or renewed at the provider: kept (one per member and location) and
 * audited as who made it (the billing run, the webhook of a first payment, the person signing up).
 */
export async function keepMandate(
  db: Database,
  actor: Actor,
  values: Parameters<typeof repository.saveMandate>[1],
) {
  const kept = await repository.mandateOf(db, values.memberId, values.locationId);
  await repository.saveMandate(db, values);
  const view = (mandate: { provider: string; status: string; reference: string | null }) => ({
    provider: mandate.provider,
    status: mandate.status,
    reference: mandate.reference,
  });
  const id = `${values.memberId}:${values.locationId}`;
  await audit.write(db, actor, 'MemberMandate', id, kept ? view(kept) : null, view(values));
}

/**
 * The member's mandate at the invoice's location: the one kept, or one made now at the provider from the
 * IBAN the member gave (customer first). Null: nothing to charge on (no IBAN, or the mandate is invalid).
 */
export async function mandateFor(
  deps: BillingDeps,
  charge: NonNullable<Awaited<ReturnType<typeof repository.chargeOf>>>,
  today: string,
  actor: Actor,
) {
  const { invoice } = charge;
  const kept = await repository.mandateOf(deps.db, invoice.memberId, invoice.locationId);
  if (kept?.mandateId && (kept.status === 'valid' || kept.status === 'pending'))
    return { customerId: kept.customerId, mandateId: kept.mandateId };
  if (kept?.status === 'invalid' || !charge.iban || charge.anonymised) return null;
  const gateway = await deps.payments.gatewayFor(invoice.locationId);
  const customerId =
    kept?.provider === gateway.provider
      ? kept.customerId
      : (await gateway.createCustomer({ name: charge.memberName, email: charge.email ?? '' })).id;
  const reference = mandateReferenceOf({
    gymId: invoice.gymId,
    memberId: invoice.memberId,
    imported: charge.mandateReference,
  });
  const mandate = await gateway.createMandate({
    customerId,
    consumerName: charge.accountHolder ?? charge.memberName,
    iban: charge.iban.replace(/\s/g, ''),
    signatureDate: charge.mandateSignedOn ?? today,
    reference,
  });
  await keepMandate(deps.db, actor, {
    memberId: invoice.memberId,
    locationId: invoice.locationId,
    provider: gateway.provider,
    customerId,
    mandateId: mandate.id,
    reference,
    status: mandate.status,
  });
  return mandate.status === 'invalid' ? null : { customerId, mandateId: mandate.id };
}

/**
 * Charges one claimed direct debit on the member's mandate. What is no longer due (paid at the desk,
 * cancelled), or is being paid another way, or has no mandate, leaves the queue; a provider that cannot be
 * reached leaves it for the next run.
 */
export async function collectOne(
  deps: BillingDeps,
  claimed: repository.ClaimedCollection,
  today: string,
  actor: Actor,
) {
  const charge = await repository.chargeOf(deps.db, claimed.invoiceId);
  if (!charge || !isPayableInvoice(charge.invoice) || charge.hasPaymentUnderWay) {
    await repository.dropCollection(deps.db, claimed.invoiceId);
    return false;
  }
  try {
    const mandate = await mandateFor(deps, charge, today, actor);
    if (!mandate) {
      await repository.dropCollection(deps.db, claimed.invoiceId);
      return false;
    }
    const payment = await deps.payments.start({
      gymId: charge.invoice.gymId,
      locationId: charge.invoice.locationId,
      subject: PAYMENT_SUBJECT,
      subjectId: charge.invoice.id,
      attempt: claimed.paymentAttempt,
      amountCents: charge.invoice.totalCents,
      description: `Factuur ${charge.invoice.invoiceNumber}`,
      sequenceType: 'recurring',
      customerId: mandate.customerId,
      mandateId: mandate.mandateId,
      redirectUrl: deps.publicUrl,
    });
    // A direct debit is under way (the bank answers in days): the invoice shows it, and is no debt meanwhile.
    if (payment.status === 'pending')
      await inTransaction(deps.db, async (tx) => {
        await repository.markCollecting(tx, claimed.invoiceId);
        const collecting = { status: InvoiceStatus.Pending };
        await audit.write(
          tx,
          actor,
          'Invoice',
          claimed.invoiceId,
          { status: charge.invoice.status },
          collecting,
        );
      });
    await repository.dropCollection(deps.db, claimed.invoiceId);
    return true;
  } catch (error) {
    const unavailable =
      error instanceof GatewayUnavailableError || (error instanceof AppError && error.status === 503);
    if (unavailable) {
      await repository.releaseCollection(deps.db, claimed.invoiceId);
      return false;
    }
    if (error instanceof GatewayRefusedError || error instanceof AppError) {
      // The provider refused (a closed account, no provider for the location): the member pays by link.
      await repository.dropCollection(deps.db, claimed.invoiceId);
      return false;
    }
    throw error;
  }
}
