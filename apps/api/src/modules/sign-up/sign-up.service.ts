import { createHash, randomBytes } from 'node:crypto';
import {
  dutchToday,
  fitsAgeGroups,
  fullNameOf,
  type SignUpResult,
  SubscriptionType,
  type signUpInput,
} from '@xp/contracts';
import { termEnd } from '@xp/contracts/dates';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, audit, identified } from '../../platform/audit/audit.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { isCommonPassword } from '../../platform/auth/password-policy.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import { enqueueMail, publicLink } from '../../platform/mail/index.ts';
import { GatewayRefusedError, GatewayUnavailableError } from '../../platform/payments/gateway.ts';
import * as billing from '../billing/billing.repository.ts';
import { rowsOf } from '../billing/billing.repository.ts';
import { keepMandate } from '../billing/billing-collect.ts';
import { type BillingDeps, mandateReferenceOf } from '../billing/billing-deps.ts';
import { issuePeriods } from '../billing/billing-run.ts';
import { PAYMENT_SUBJECT } from '../invoice/invoice.repository.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import * as memberRepository from '../member/member.repository.ts';
import { members } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { type PendingSignUpData, pendingSignUps } from './sign-up.tables.ts';

/** Sign-ups from one address: 10 an hour (people sign up once; a family at one address a few times). */
export const SIGN_UP_LIMIT = { limit: 10, windowSeconds: 60 * 60 };
/** The public lists: 120 a quarter of an hour per address. */
export const LOOKUP_LIMIT = { limit: 120, windowSeconds: 15 * 60 };
export const CLUB_NOT_FOUND = 'signUp.errors.clubNotFound';

type SignUp = z.output<typeof signUpInput>;
export type Person = Omit<SignUp, 'locationId' | 'subscriptionId' | 'variantId' | 'startDate'>;

/** Mails to one address about sign-ups with it: at most 5 an hour (more sign-ups are kept, not mailed). */
const MAILS_PER_ADDRESS = { limit: 5, windowSeconds: 60 * 60 };
/** How long the mailed link confirms a pending sign-up. */
export const CONFIRM_DAYS = 7;

/** A club by id (visible on the registration page unless `anyVisibility`), with its gym. */
export async function clubOf(db: Database, locationId: number, anyVisibility = false) {
  const [club] = await db
    .select({
      id: locations.id,
      gymId: locations.gymId,
      name: locations.name,
      slug: locations.slug,
      gymSlug: gyms.slug,
      gymName: gyms.name,
    })
    .from(locations)
    .innerJoin(gyms, eq(gyms.id, locations.gymId))
    .where(
      and(
        eq(locations.id, locationId),
        anyVisibility ? undefined : eq(locations.visibleOnRegistrationPage, true),
      ),
    );
  return club;
}
export type Club = NonNullable<Awaited<ReturnType<typeof clubOf>>>;

/**
 * What a take-out at the desk checks: the subscription active and offered at the club, the variant its own,
 * the age on the start date in its age groups.
 */
async function offerFor(
  db: Database,
  club: Club,
  input: { subscriptionId: number; variantId: number; dateOfBirth: string; startDate: string },
) {
  const subscription = await memberRepository.subscriptionForTakeOut(db, club.gymId, input.subscriptionId);
  if (!subscription?.isActive || !subscription.locationIds.includes(club.id))
    throw errors.field('subscriptionId', 'member.errors.subscriptionNotFound');
  const variant = subscription.variants.find((entry) => entry.id === input.variantId);
  if (!variant) throw errors.field('variantId', 'member.errors.variantNotFound');
  if (!fitsAgeGroups(subscription.ageGroups, input.dateOfBirth, input.startDate))
    throw errors.field('dateOfBirth', 'member.errors.ageDoesNotMatch');
  return { subscription, variant };
}

/**
 * The account of the address when the password typed is its own and its address is proven (decision 018): only
 * then may a public form act for the person at once. Exactly one hash is verified whatever the address (a
 * dummy one when it has no account), so a known and an unknown address take the same time.
 */
export async function provenAccountOf(db: Database, email: string, password: string) {
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, provenAt: users.emailProvenAt })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  const matches = await verifyPassword(existing?.passwordHash, password);
  return existing && matches && existing.provenAt !== null ? existing.id : null;
}

/** The gym's live member of an address (locked when asked). */
export async function memberOfAddress(tx: Database, gymId: number, email: string, lock = false) {
  const query = tx
    .select({ id: members.id, userId: members.userId })
    .from(members)
    .where(
      and(
        eq(members.gymId, gymId),
        sql`lower(${members.email}) = ${email.toLowerCase()}`,
        sql`${members.anonymisedAt} is null`,
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The personal data of the form as the member's columns (home location: the club). */
export const personOf = (
  input: Omit<PendingSignUpData, 'subscriptionId' | 'variantId' | 'startDate' | 'kiosk'> & { email: string },
  homeLocationId: number,
  mandateSignedOn: string,
) => ({
  firstName: input.firstName,
  insertion: input.insertion ?? null,
  lastName: input.lastName,
  email: input.email,
  phoneNumber: input.phoneNumber,
  gender: input.gender,
  dateOfBirth: input.dateOfBirth,
  street: input.street,
  houseNumber: input.houseNumber,
  postalCode: input.postalCode,
  city: input.city,
  homeLocationId,
  iban: input.iban,
  accountHolder: input.accountHolder,
  mandateSignedOn,
});

/** What a pending sign-up keeps of the form: everything but the passwords and the club. */
export const pendingDataOf = (
  input: Person & Partial<Pick<SignUp, 'subscriptionId' | 'variantId' | 'startDate'>>,
): PendingSignUpData => ({
  subscriptionId: input.subscriptionId ?? null,
  variantId: input.variantId ?? null,
  startDate: input.startDate ?? null,
  phoneNumber: input.phoneNumber,
  gender: input.gender,
  firstName: input.firstName,
  insertion: input.insertion ?? null,
  lastName: input.lastName,
  dateOfBirth: input.dateOfBirth,
  street: input.street,
  houseNumber: input.houseNumber,
  postalCode: input.postalCode,
  city: input.city,
  accountHolder: input.accountHolder,
  iban: input.iban,
  kiosk: input.kiosk,
});

/**
 * Keeps a sign-up aside until its address is proven, and mails the address the link that confirms it (in the
 * page's language; at most `MAILS_PER_ADDRESS`, so a stranger cannot flood a mailbox). Nothing of a member or
 * an account changes.
 */
export async function keepPending(
  tx: Database,
  publicUrl: string,
  pending: {
    kind: 'signUp' | 'account';
    gymId: number;
    gymName: string;
    locationId: number | null;
    email: string;
    data: PendingSignUpData;
    passwordHash: string;
    language: 'nl' | 'en';
  },
  actor: Actor,
) {
  const token = randomBytes(32).toString('base64url');
  const known = await memberOfAddress(tx, pending.gymId, pending.email);
  const [row] = await tx
    .insert(pendingSignUps)
    .values({
      kind: pending.kind,
      gymId: pending.gymId,
      locationId: pending.locationId,
      memberId: known?.id ?? null,
      email: pending.email,
      data: pending.data,
      passwordHash: pending.passwordHash,
      language: pending.language,
      tokenHash: tokenHashOf(token),
      expiresAt: sql`now() + make_interval(days => ${CONFIRM_DAYS})` as unknown as Date,
    })
    .returning({ id: pendingSignUps.id });
  const after = { kind: pending.kind, gymId: pending.gymId, memberId: known?.id ?? null };
  await audit.write(tx, actor, 'PendingSignUp', row!.id, null, after);
  const [mailed] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as "n" from ${pendingSignUps} where lower(${pendingSignUps.email}) = ${pending.email.toLowerCase()}
      and ${pendingSignUps.createdAt} > now() - make_interval(secs => ${MAILS_PER_ADDRESS.windowSeconds})`,
  );
  if ((mailed?.n ?? 0) <= MAILS_PER_ADDRESS.limit)
    await enqueueMail(tx, {
      to: pending.email,
      language: pending.language,
      template: 'signUpConfirm',
      data: {
        gymName: pending.gymName,
        kind: pending.kind,
        link: publicLink(publicUrl, `/inschrijven/bevestigen/${token}`),
      },
    });
}

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The membership of a sign-up whose person is known (the address proven, or the desk knows them): the gym's
 * member of the address brought up to date (or a new open registration), the account linked when one is
 * given and the member has none, the membership, and with `firstInvoice` its first invoice (one-off costs
 * and the first period, decision 017) to be paid now; without it the billing run invoices it as any take-out.
 */
export async function enrol(
  tx: Database,
  deps: BillingDeps,
  made: {
    club: Club;
    email: string;
    data: PendingSignUpData & { subscriptionId: number; variantId: number; startDate: string };
    userId: number | null;
    mandateSignedOn: string;
    by: 'signUp' | 'kiosk' | 'confirmed' | 'desk';
    /** Who enrols: the person (identified by their account, if any) or the desk. */
    actor: Actor;
    firstInvoice: boolean;
  },
) {
  const { club, data } = made;
  const today = dutchToday();
  // A start date that passed while the sign-up waited for its mail: today (dates as text, `YYYY-MM-DD`).
  const startDate = [data.startDate, today].sort()[1]!;
  const { subscription, variant } = await offerFor(tx, club, { ...data, startDate });
  const person = personOf({ ...data, email: made.email }, club.id, made.mandateSignedOn);
  const known = await memberOfAddress(tx, club.gymId, made.email, true);
  let memberId: number;
  if (known) {
    memberId = known.id;
    await memberRepository.updateMember(tx, memberId, {
      ...person,
      ...(known.userId === null && made.userId !== null ? { userId: made.userId } : {}),
    });
  } else {
    memberId = await memberRepository.insertMember(tx, club.gymId, {
      ...person,
      userId: made.userId,
      registrationCompleted: false,
    });
  }
  const membershipId = await memberRepository.insertMembership(tx, {
    gymId: club.gymId,
    memberId,
    subscriptionId: subscription.id,
    variantId: variant.id,
    locationId: club.id,
    startDate,
    endDate:
      subscription.type === SubscriptionType.Prepaid
        ? termEnd(startDate, variant.durationPeriodAmount, variant.durationPeriodType)
        : null,
  });
  const after = { memberId, subscriptionId: subscription.id, variantId: variant.id, by: made.by };
  await audit.write(tx, made.actor, 'Membership', membershipId, null, after);
  const name = fullNameOf(data);
  if (!made.firstInvoice) return { memberId, invoice: undefined, name };
  const first = await billing.claimFirstPeriod(tx, membershipId);
  const issued = first
    ? await issuePeriods(tx, deps, [first], today, made.actor, { paidNow: true })
    : undefined;
  const invoiceId = issued?.invoiceIds.get(membershipId);
  if (invoiceId === undefined) throw errors.badRequest('signUp.errors.nothingToPay');
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  return { memberId, invoice: invoice!, name };
}

/**
 * A sign-up (decision 018): checked like a take-out at the desk. With the password of an account
 * whose address is proven it is made at once (`enrol`, the first invoice paid by a first payment whose
 * mandate the later periods are charged on). Otherwise nothing changes yet: the sign-up is kept pending and
 * the address gets the link that confirms it; the answer is the same whether the address is known (a member
 * or an account) or not, and so is the work done for it (one hash verified, one made). `kiosk` only decides
 * where the person goes back to.
 */
export async function signUp(
  deps: BillingDeps,
  input: SignUp,
  address: string,
  actor: Actor,
): Promise<SignUpResult> {
  await enforceRateLimit(deps.db, `signup:address:${address}`, SIGN_UP_LIMIT);
  const club = await clubOf(deps.db, input.locationId);
  if (!club) throw errors.field('locationId', CLUB_NOT_FOUND);
  await offerFor(deps.db, club, input);
  const userId = await provenAccountOf(deps.db, input.email, input.password);
  if (userId !== null) {
    const known = await memberOfAddress(deps.db, club.gymId, input.email);
    // The address's member is another account's: that person's data is not this account's to change.
    if (!known || known.userId === null || known.userId === userId) {
      const today = dutchToday();
      const made = await inTransaction(deps.db, (tx) =>
        enrol(tx, deps, {
          club,
          email: input.email,
          data: pendingDataOf(input) as Parameters<typeof enrol>[2]['data'],
          userId,
          mandateSignedOn: today,
          by: input.kiosk ? 'kiosk' : 'signUp',
          actor: identified(actor, userId),
          firstInvoice: true,
        }),
      );
      const back = input.kiosk ? `/inschrijven/${club.gymSlug}/${club.slug}/kiosk` : null;
      const paid = await startFirstPayment(
        deps,
        { ...made, invoice: made.invoice!, email: input.email, back },
        identified(actor, userId),
      );
      return { ...paid, mailSent: false };
    }
  }
  if (isCommonPassword(input.password)) throw errors.field('password', 'validation.passwordTooCommon');
  const passwordHash = await hashPassword(input.password);
  await inTransaction(deps.db, (tx) =>
    keepPending(
      tx,
      deps.publicUrl,
      {
        kind: 'signUp',
        gymId: club.gymId,
        gymName: club.gymName,
        locationId: club.id,
        email: input.email,
        data: pendingDataOf(input),
        passwordHash,
        language: input.language,
      },
      actor,
    ),
  );
  return { checkoutUrl: null, resultToken: null, mailSent: true };
}

/**
 * The first payment of a sign-up's first invoice at the club's provider: a `first` payment of a customer made
 * for the member, so that a paid iDEAL leaves the mandate the next periods are charged on (kept by the
 * webhook's listener). A provider that cannot be reached leaves the sign-up standing: the result page offers
 * to pay again (the invoice's pay link).
 */
export async function startFirstPayment(
  deps: BillingDeps,
  made: {
    memberId: number;
    invoice: typeof invoices.$inferSelect;
    name: string;
    email: string;
    back: string | null;
  },
  /** Who signs up (the customer and mandate made at the provider are audited as theirs). */
  actor: Actor,
): Promise<{ checkoutUrl: string | null; resultToken: string }> {
  const { invoice } = made;
  const resultToken = deps.links.sign('invoice', invoice.id);
  const back = made.back ? `?terug=${encodeURIComponent(made.back)}` : '';
  const redirectUrl = `${deps.publicUrl}/inschrijven/resultaat/${resultToken}${back}`;
  try {
    const gateway = await deps.payments.gatewayFor(invoice.locationId);
    const customer = await gateway.createCustomer({ name: made.name, email: made.email });
    await keepMandate(deps.db, actor, {
      memberId: made.memberId,
      locationId: invoice.locationId,
      provider: gateway.provider,
      customerId: customer.id,
      mandateId: null,
      reference: mandateReferenceOf({ gymId: invoice.gymId, memberId: made.memberId, imported: null }),
      status: 'pending',
    });
    const payment = await deps.payments.start({
      gymId: invoice.gymId,
      locationId: invoice.locationId,
      subject: PAYMENT_SUBJECT,
      subjectId: invoice.id,
      attempt: 1,
      amountCents: invoice.totalCents,
      description: `Inschrijving ${invoice.invoiceNumber}`,
      sequenceType: 'first',
      customerId: customer.id,
      redirectUrl,
    });
    return { checkoutUrl: payment.checkoutUrl, resultToken };
  } catch (error) {
    if (
      error instanceof GatewayUnavailableError ||
      error instanceof GatewayRefusedError ||
      error instanceof AppError
    )
      return { checkoutUrl: null, resultToken };
    throw error;
  }
}
