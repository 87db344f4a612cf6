/** A registration begun at the desk and finished by the member from its link (decision 018). */
import { randomBytes } from 'node:crypto';
import { type Claims, dutchToday, fullNameOf, type OpenRegistration } from '@xp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Actor, audit, identified } from '../../platform/audit/audit.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { isCommonPassword } from '../../platform/auth/password-policy.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import * as billing from '../billing/billing.repository.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { issuePeriods } from '../billing/billing-run.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import * as memberRepository from '../member/member.repository.ts';
import { scopeOf } from '../member/member.service.ts';
import { members, memberships } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { subscriptions, subscriptionVariants } from '../subscription/subscription.tables.ts';
/** Sign-ups from one address: 10 an hour (people sign up once; a family at one address a few times). */
import {
  keepPending,
  LOOKUP_LIMIT,
  type Person,
  pendingDataOf,
  personOf,
  provenAccountOf,
  SIGN_UP_LIMIT,
  startFirstPayment,
} from './sign-up.service.ts';

// --------------------------------------------------------------- a registration begun at the desk

const CODE_NOT_FOUND = 'signUp.errors.codeNotFound';

/**
 * The link with which a member finishes a registration begun at the desk (`/inschrijven/afronden/{code}`):
 * the member's code, made the first time (128 random bits), until it is used.
 */
export async function registrationLink(
  db: Database,
  publicUrl: string,
  session: Claims,
  memberId: number,
  actor: Actor,
) {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    const member = await memberRepository.findMember(tx, scope, memberId, true);
    if (!member || member.anonymisedAt) throw errors.notFound('member.errors.notFound');
    const [row] = await tx
      .select({ code: members.registrationCode })
      .from(members)
      .where(eq(members.id, memberId));
    const publicCode = row?.code ?? randomBytes(16).toString('base64url');
    if (!row?.code) {
      await memberRepository.updateMember(tx, memberId, { registrationCode: publicCode });
      // That the member has a link now, never the code (it opens the registration).
      await audit.write(
        tx,
        actor,
        'Member',
        memberId,
        { registrationLink: false },
        { registrationLink: true },
      );
    }
    return { publicCode, url: `${publicUrl}/inschrijven/afronden/${publicCode}` };
  });
}

/** The member a code opens (live, the code not used), with their gym and main location. */
async function memberOfCode(db: Database, code: string, lock = false) {
  const query = db
    .select({
      member: members,
      gymName: gyms.name,
      gymSlug: gyms.slug,
      locationName: locations.name,
      locationSlug: locations.slug,
    })
    .from(members)
    .innerJoin(gyms, eq(gyms.id, members.gymId))
    .leftJoin(locations, eq(locations.id, members.homeLocationId))
    .where(and(eq(members.registrationCode, code), sql`${members.anonymisedAt} is null`));
  const [row] = await (lock ? query.for('update', { of: members }) : query);
  return row;
}

const membershipsOfMember = (db: Database, memberId: number) =>
  db
    .select({
      id: memberships.id,
      subscriptionName: subscriptions.name,
      variantName: subscriptionVariants.name,
      startDate: memberships.startDate,
    })
    .from(memberships)
    .innerJoin(subscriptions, eq(subscriptions.id, memberships.subscriptionId))
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, memberships.variantId))
    .where(eq(memberships.memberId, memberId))
    .orderBy(asc(memberships.startDate), asc(memberships.id));

/** What the desk filled in, for the page that finishes it. */
export async function openRegistration(
  db: Database,
  code: string,
  address: string,
): Promise<OpenRegistration> {
  await enforceRateLimit(db, `signup-lookup:address:${address}`, LOOKUP_LIMIT);
  const row = await memberOfCode(db, code);
  if (!row) throw errors.notFound(CODE_NOT_FOUND);
  const { member } = row;
  return {
    gymName: row.gymName,
    locationName: row.locationName,
    firstName: member.firstName,
    insertion: member.insertion,
    lastName: member.lastName,
    email: member.email,
    phoneNumber: member.phoneNumber,
    gender: member.gender,
    dateOfBirth: member.dateOfBirth,
    street: member.street,
    houseNumber: member.houseNumber,
    postalCode: member.postalCode,
    city: member.city,
    memberships: (await membershipsOfMember(db, member.id)).map(({ id: _id, ...rest }) => rest),
  };
}

/**
 * Finishes a registration begun at the desk (once: the code is then used): the member's data and bank
 * account (the desk handed the person this link), the registration completed, and the first invoice of the
 * newest membership not invoiced yet, paid by a first payment as at the sign-up. An account is linked at
 * once only when the password is that of an account whose address is proven; otherwise the address gets a
 * link that proves it, and only then is the account made (or the existing one linked) (decision 018). Answers
 * where to pay (null: nothing due), the same for a known and an unknown address.
 */
export async function completeOpenRegistration(
  deps: BillingDeps,
  code: string,
  input: Person,
  address: string,
  actor: Actor,
) {
  await enforceRateLimit(deps.db, `signup:address:${address}`, SIGN_UP_LIMIT);
  if (!(await memberOfCode(deps.db, code))) throw errors.notFound(CODE_NOT_FOUND);
  const provenUserId = await provenAccountOf(deps.db, input.email, input.password);
  if (provenUserId === null && isCommonPassword(input.password))
    throw errors.field('password', 'validation.passwordTooCommon');
  const passwordHash = provenUserId === null ? await hashPassword(input.password) : null;
  const today = dutchToday();
  const made = await inTransaction(deps.db, async (tx) => {
    const row = await memberOfCode(tx, code, true);
    if (!row) throw errors.notFound(CODE_NOT_FOUND);
    const { member } = row;
    const [taken] = await tx
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.gymId, member.gymId),
          sql`lower(${members.email}) = ${input.email.toLowerCase()}`,
          sql`${members.id} <> ${member.id}`,
        ),
      );
    if (taken) throw errors.field('email', 'member.errors.emailTaken');
    const userId = member.userId === null ? provenUserId : null;
    await memberRepository.updateMember(tx, member.id, {
      ...personOf({ ...pendingDataOf(input), email: input.email }, member.homeLocationId ?? 0, today),
      homeLocationId: member.homeLocationId,
      registrationCompleted: true,
      registrationCode: null,
      ...(userId !== null ? { userId } : {}),
    });
    await audit.write(
      tx,
      identified(actor, userId),
      'Member',
      member.id,
      { registrationCompleted: member.registrationCompleted },
      { registrationCompleted: true, by: 'registrationLink' },
    );
    if (passwordHash !== null && member.userId === null)
      await keepPending(
        tx,
        deps.publicUrl,
        {
          kind: 'account',
          gymId: member.gymId,
          gymName: row.gymName,
          locationId: member.homeLocationId,
          email: input.email,
          data: pendingDataOf(input),
          passwordHash,
          language: input.language,
        },
        actor,
      );
    const [newest] = (await membershipsOfMember(tx, member.id)).reverse();
    const first = newest ? await billing.claimFirstPeriod(tx, newest.id) : undefined;
    const issued = first ? await issuePeriods(tx, deps, [first], today, actor, { paidNow: true }) : undefined;
    const invoiceId = newest ? issued?.invoiceIds.get(newest.id) : undefined;
    const invoice =
      invoiceId === undefined
        ? undefined
        : (await tx.select().from(invoices).where(eq(invoices.id, invoiceId)))[0];
    return {
      memberId: member.id,
      invoice,
      back: row.locationSlug ? `/inschrijven/${row.gymSlug}/${row.locationSlug}/kiosk` : '/inschrijven',
      name: fullNameOf(input),
    };
  });
  if (!made.invoice) return { checkoutUrl: null, resultToken: null };
  return startFirstPayment(
    deps,
    { ...made, invoice: made.invoice, email: input.email, back: input.kiosk ? made.back : null },
    actor,
  );
}
