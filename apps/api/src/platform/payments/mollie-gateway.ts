import { createMollieClient, MollieApiError, type Payment } from '@mollie/api-client';
import type { PaymentStatus, SequenceType } from '@xp/contracts';
import {
  centsToValue,
  type GatewayMandate,
  type GatewayPayment,
  GatewayRefusedError,
  GatewayUnavailableError,
  type PaymentGateway,
  valueToCents,
} from './gateway.ts';

/**
 * The Mollie adapter: `@mollie/api-client` with one API key (a location's, decrypted, or the platform's).
 * `apiEndpoint` is only set by tests, which point it at a local HTTPS double of Mollie's API.
 */
export function createMollieGateway(apiKey: string, apiEndpoint?: string): PaymentGateway {
  const client = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    provider: 'mollie',
    // An empty e-mail is none (a member without an address).
    createCustomer: (input) =>
      call(async () => ({
        id: (
          await client.customers.create({ name: input.name, ...(input.email ? { email: input.email } : {}) })
        ).id,
      })),
    createMandate: (input) =>
      call(async () =>
        mandateOf(
          await client.customerMandates.create({
            customerId: input.customerId,
            method: 'directdebit' as never,
            consumerName: input.consumerName,
            consumerAccount: input.iban,
            signatureDate: input.signatureDate,
            mandateReference: input.reference,
          }),
        ),
      ),
    getMandate: (customerId, mandateId) =>
      call(async () => mandateOf(await client.customerMandates.get(mandateId, { customerId }))),
    createPayment: (input) =>
      call(async () =>
        paymentOf(
          await client.payments.create({
            amount: { currency: 'EUR', value: centsToValue(input.amountCents) },
            description: input.description,
            sequenceType: input.sequenceType as never,
            ...(input.customerId ? { customerId: input.customerId } : {}),
            ...(input.mandateId ? { mandateId: input.mandateId } : {}),
            ...(input.sequenceType === 'recurring' ? {} : { redirectUrl: input.redirectUrl }),
            webhookUrl: input.webhookUrl,
            idempotencyKey: input.idempotencyKey,
          }),
        ),
      ),
    getPayment: (id) => call(async () => paymentOf(await client.payments.get(id))),
    // Mollie answers a cancelled payment, or 422 for one its method does not let cancel (a refusal here).
    cancelPayment: (id) => call(async () => paymentOf(await client.payments.cancel(id))),
    createRefund: (input) =>
      call(async () => ({
        id: (
          await client.paymentRefunds.create({
            paymentId: input.paymentId,
            amount: { currency: 'EUR', value: centsToValue(input.amountCents) },
            description: input.description,
            idempotencyKey: input.idempotencyKey,
          })
        ).id,
      })),
  };
}

function paymentOf(payment: Payment): GatewayPayment {
  return {
    id: payment.id,
    status: payment.status as Exclude<PaymentStatus, 'created'>,
    amountCents: valueToCents(payment.amount.value),
    chargedBackCents: valueToCents(payment.amountChargedBack?.value),
    sequenceType: (payment.sequenceType ?? 'oneoff') as SequenceType,
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
    checkoutUrl: payment.getCheckoutUrl() ?? null,
    paidAt: payment.paidAt ? new Date(payment.paidAt) : null,
  };
}

const mandateOf = (mandate: { id: string; status: string }): GatewayMandate => ({
  id: mandate.id,
  status: mandate.status as GatewayMandate['status'],
});

/**
 * Mollie's errors as the port's: a status of 4xx is a refusal (what was sent is wrong, or the id unknown);
 * no status (the network) or 5xx / 429 (after the client's own retries) is the provider being unavailable.
 */
async function call<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof MollieApiError) {
      const status = error.statusCode;
      if (status !== undefined && status >= 400 && status < 500 && status !== 429)
        throw new GatewayRefusedError(error.field ?? 'request', status);
      throw new GatewayUnavailableError(status === undefined ? 'network' : `http-${status}`);
    }
    throw error;
  }
}
