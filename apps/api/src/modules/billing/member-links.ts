import type { LinkSigner } from '../../platform/crypto/link-token.ts';

/** What the member's links need: the signer and where the pages are. */
export interface MemberLinks {
  links: LinkSigner;
  publicUrl: string;
}

/** The member's pages behind a mail's links (decision 017): pay the invoice, end the membership. */
export const payLinkOf = (deps: MemberLinks, invoiceId: number) =>
  `${deps.publicUrl}/betalen/${deps.links.sign('invoice', invoiceId)}`;
export const cancelLinkOf = (deps: MemberLinks, membershipId: number) =>
  `${deps.publicUrl}/afmelden/${deps.links.sign('membership', membershipId)}`;
/** Every mail about a membership's invoice has its cancel link (Dutch consumer rules); a sale has none. */
export const cancelLinkOfInvoice = (deps: MemberLinks, invoice: { membershipId: number | null }) =>
  invoice.membershipId === null ? null : cancelLinkOf(deps, invoice.membershipId);
