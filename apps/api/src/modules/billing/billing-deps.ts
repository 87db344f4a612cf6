import type { LinkSigner } from '../../platform/crypto/link-token.ts';
import type { Database } from '../../platform/db/client.ts';
import type { Payments } from '../payment/payments.ts';

/**
 * A period is invoiced this many days before it starts, with the SEPA pre-notification: the 14 days the SEPA
 * rulebook sets when the contract agrees no shorter term (decision 017).
 */
export const ISSUE_DAYS_AHEAD = 14;

export interface BillingDeps {
  db: Database;
  payments: Payments;
  links: LinkSigner;
  publicUrl: string;
}

/** The mandate reference of a member's direct debits: the one an import brought, else ours. */
export const mandateReferenceOf = (member: { gymId: number; memberId: number; imported: string | null }) =>
  member.imported ?? `XP-${member.gymId}-${member.memberId}`;
