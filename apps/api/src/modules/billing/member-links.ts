import { addDays, dutchToday } from '@xp/contracts/dates';
import { eq } from 'drizzle-orm';
import type { LinkSigner } from '../../platform/crypto/link-token.ts';
import type { Database } from '../../platform/db/client.ts';
import { memberships } from '../member/member.tables.ts';

/** What the member's links need: the signer and where the pages are. */
export interface MemberLinks {
  links: LinkSigner;
  publicUrl: string;
}

/**
 * How long a pay link opens, from the day it is mailed: longer than any invoice is due after it is mailed
 * (a desk's payment term is at most 60 days, the billing run's invoices are due at most 14 days after they
 * are issued), so that the link outlives the due date, and a reminder while the invoice is overdue.
 */
export const PAY_LINK_DAYS = 120;
/**
 * How long a cancel link opens: over a year, so that a member billed once a year (a prepaid term) always
 * has one that opens in the newest mail.
 */
export const CANCEL_LINK_DAYS = 400;
/**
 * Links in the format before expiry (decision 017), mailed before it: honoured up to and including this day
 * (more than any payment term after the last of them was mailed); a cancel link of that format only while
 * the membership has no end (once).
 */
export const PREVIOUS_LINKS_UNTIL = '2027-03-31';

/** A cancel link's state: the membership's end as it was when mailed (a cancellation changes it: once). */
export const cancelLinkState = (membership: { endDate: string | null }) => membership.endDate ?? 'none';

/** The member's pages behind a mail's links (decision 017): pay the invoice, end the membership. */
export const payLinkOf = (deps: MemberLinks, invoiceId: number) =>
  `${deps.publicUrl}/betalen/${deps.links.sign('invoice', invoiceId, addDays(dutchToday(), PAY_LINK_DAYS))}`;
export const cancelLinkOf = (deps: MemberLinks, membership: { id: number; endDate: string | null }) =>
  `${deps.publicUrl}/afmelden/${deps.links.sign(
    'membership',
    membership.id,
    addDays(dutchToday(), CANCEL_LINK_DAYS),
    cancelLinkState(membership),
  )}`;
/** Every mail about a membership's invoice has its cancel link (Dutch consumer rules); a sale has none. */
export async function cancelLinkOfInvoice(
  deps: MemberLinks,
  db: Database,
  invoice: { membershipId: number | null },
) {
  if (invoice.membershipId === null) return null;
  const [membership] = await db
    .select({ id: memberships.id, endDate: memberships.endDate })
    .from(memberships)
    .where(eq(memberships.id, invoice.membershipId));
  return membership ? cancelLinkOf(deps, membership) : null;
}
