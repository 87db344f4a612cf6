import { type Claims, type MemberExport, memberDataRetention } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { memberMandates } from '../billing/billing.tables.ts';
import * as entries from '../entry/entry.repository.ts';
import * as productOrders from '../product-order/product-order.gdpr.ts';
import * as repository from './member.repository.ts';
import { ownLiveMember, ownMember, present, scopeOf } from './member.service.ts';

// ---------------------------------------------------------------------------------------------- GDPR

/** Everything held of the member (GDPR art. 15 and 20); the export itself is audited. */
export async function exportMember(
  db: Database,
  session: Claims,
  id: number,
  actor: Actor,
): Promise<MemberExport> {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    const member = await present(tx, await ownMember(tx, scope, id));
    const [entryRows, attemptRows, invoiceRows, orderRows] = await Promise.all([
      entries.entriesOfMember(tx, id),
      entries.attemptsOfMember(tx, id),
      repository.invoicesOfMember(tx, id),
      productOrders.exportOfMember(tx, id),
    ]);
    await audit.write(tx, actor, 'MemberExport', id, null, { memberId: id });
    return {
      exportedAt: new Date().toISOString(),
      member,
      entries: entryRows,
      refusedEntries: attemptRows,
      invoices: invoiceRows,
      productOrders: orderRows,
      retention: [...memberDataRetention],
    };
  });
}

/**
 * Removes the member's personal data (GDPR art. 17): names, contact, birth date, address, bank details and
 * the link to their account; the member, memberships and entries stay (anonymous). Invoices stay as issued
 * (with the name they were issued to): the law keeps them seven years, and an issued invoice is never changed.
 * Product orders that are done lose their customer fields; open ones when they are done (decision 020).
 */
export async function anonymiseMember(db: Database, session: Claims, id: number, actor: Actor) {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    await ownLiveMember(tx, scope, id);
    await repository.updateMember(tx, id, {
      firstName: '',
      insertion: null,
      lastName: '',
      email: null,
      phoneNumber: null,
      gender: null,
      dateOfBirth: null,
      street: null,
      houseNumber: null,
      postalCode: null,
      city: null,
      iban: null,
      registrationCode: null,
      accountHolder: null,
      mandateReference: null,
      mandateSignedOn: null,
      userId: null,
      anonymisedAt: new Date(),
    });
    // The customer and mandate at the provider go with the bank details.
    await tx.delete(memberMandates).where(eq(memberMandates.memberId, id));
    await productOrders.anonymiseOfMember(tx, id, actor);
    await audit.write(tx, actor, 'Member', id, { anonymised: false }, { anonymised: true });
    return present(tx, (await repository.findMember(tx, scope, id))!);
  });
}
