import type { PaymentProviderName, PaymentStatus, SequenceType } from '@xp/contracts';

/** A payment as its provider holds it (amounts in cents). */
export interface GatewayPayment {
  id: string;
  status: Exclude<PaymentStatus, 'created'>;
  amountCents: number;
  chargedBackCents: number;
  sequenceType: SequenceType;
  customerId: string | null;
  mandateId: string | null;
  /** Where the person pays; null once paid, or for a charge on a mandate. */
  checkoutUrl: string | null;
  paidAt: Date | null;
}

export interface NewGatewayPayment {
  amountCents: number;
  description: string;
  sequenceType: SequenceType;
  /** Needed for `first` and `recurring`. */
  customerId?: string | undefined;
  /** A `recurring` charge: on this mandate. */
  mandateId?: string | undefined;
  redirectUrl: string;
  webhookUrl: string;
  /** The same key answers the same payment: a repeated call never charges twice. */
  idempotencyKey: string;
}

export interface NewMandate {
  customerId: string;
  consumerName: string;
  iban: string;
  /** `YYYY-MM-DD`. */
  signatureDate: string;
  reference: string;
}

export interface GatewayMandate {
  id: string;
  status: 'pending' | 'valid' | 'invalid';
}

/**
 * The payment port: what the back-office needs of a payment provider. Two adapters: Mollie
 * (`@mollie/api-client`) and the local test provider (the embedded default). A provider that cannot be
 * reached (network, 5xx, 429) throws `GatewayUnavailableError`; one that refuses the request (4xx) throws
 * `GatewayRefusedError`.
 */
export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  /** `email` may be empty: none. */
  createCustomer(input: { name: string; email: string }): Promise<{ id: string }>;
  createMandate(input: NewMandate): Promise<GatewayMandate>;
  getMandate(customerId: string, mandateId: string): Promise<GatewayMandate>;
  createPayment(input: NewGatewayPayment): Promise<GatewayPayment>;
  getPayment(id: string): Promise<GatewayPayment>;
  /**
   * Cancels an open payment, so that it can no longer be paid; answers it as it is after. A payment its
   * method does not let cancel (Mollie: `isCancelable` false) is refused (`GatewayRefusedError`).
   */
  cancelPayment(id: string): Promise<GatewayPayment>;
  /** Pays (part of) a paid payment back to the payer; the same key answers the same refund. */
  createRefund(input: NewRefund): Promise<{ id: string }>;
}

export interface NewRefund {
  paymentId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

export class GatewayUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`payment provider unavailable (${code})`);
    this.name = 'GatewayUnavailableError';
  }
}

export class GatewayRefusedError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`payment provider refused the request (${status} ${code})`);
    this.name = 'GatewayRefusedError';
  }
}

/** Cents as Mollie's amount value (`"12.50"`) and back; amounts are always EUR here. */
export const centsToValue = (cents: number) => (cents / 100).toFixed(2);
export const valueToCents = (value: string | undefined | null) =>
  value ? Math.round(Number.parseFloat(value) * 100) : 0;
