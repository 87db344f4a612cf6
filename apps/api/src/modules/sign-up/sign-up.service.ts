import {
  dutchToday,
  fitsAgeGroups,
  type PublicClub,
  type PublicSubscription,
  type SignUpResult,
  SubscriptionType,
  type signUpInput,
  vatSplit,
} from '@xp/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../platform/audit/audit.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { isCommonPassword } from '../../platform/auth/password-policy.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import { type ListQuery, pagedList } from '../../platform/http/paging.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import { GatewayRefusedError, GatewayUnavailableError } from '../../platform/payments/gateway.ts';
import * as billing from '../billing/billing.repository.ts';
import { type BillingDeps, issuePeriods, mandateReferenceOf } from '../billing/billing-run.ts';
import { PAYMENT_SUBJECT } from '../invoice/invoice.repository.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import * as memberRepository from '../member/member.repository.ts';
import { termEnd } from '../member/member.service.ts';
import { members } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import {
  ageGroups,
  subscriptionAgeGroups,
  subscriptionLocations,
  subscriptions,
  subscriptionVariants,
} from '../subscription/subscription.tables.ts';
import { users } from '../user/user.tables.ts';

/** Sign-ups from one address: 10 an hour (people sign up once; a family at one address a few times). */
const SIGN_UP_LIMIT = { limit: 10, windowSeconds: 60 * 60 };
/** The public lists: 120 a quarter of an hour per address. */
const LOOKUP_LIMIT = { limit: 120, windowSeconds: 15 * 60 };
const CLUB_NOT_FOUND = 'signUp.errors.clubNotFound';

/** A location open for sign-up: visible on the registration page, and offering an active subscription. */
const openForSignUp = sql`${locations.visibleOnRegistrationPage} and exists (select 1 from ${subscriptionLocations} sl
  join ${subscriptions} s on s.id = sl.subscription_id where sl.location_id = ${locations.id} and s.is_active)`;

/** The four digits of a Dutch postal code as a number (null when it is not one). */
const digitsOf = sql<
  number | null
>`(case when ${locations.postalCode} ~ '^[1-9][0-9]{3}' then substr(${locations.postalCode}, 1, 4)::int end)`;

/**
 * Clubs near a postal code (decision 018): no geodata service can be reached, so "near" is the distance between
 * the four digits of the postal codes. Dutch postal codes were handed out by region, so close numbers lie
 * close together (3511 Utrecht, 3812 Amersfoort, 8011 Zwolle), though a region's border can be a jump.
 * Clubs without a postal code come last; ties by name.
 */
export async function clubsInRange(
  db: Database,
  query: ListQuery & { postalCode: string; gymSlug?: string | undefined },
  address: string,
) {
  await enforceRateLimit(db, `signup-lookup:address:${address}`, LOOKUP_LIMIT);
  const digits = Number(query.postalCode.slice(0, 4));
  const where = and(
    openForSignUp,
    query.gymSlug === undefined ? undefined : sql`lower(${gyms.slug}) = ${query.gymSlug}`,
  );
  const rows = () =>
    db
      .select({
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        street: locations.street,
        houseNumber: locations.houseNumber,
        postalCode: locations.postalCode,
        city: locations.city,
        gym: { id: gyms.id, name: gyms.name, slug: gyms.slug, bannerHash: gyms.registrationBannerHash },
      })
      .from(locations)
      .innerJoin(gyms, eq(gyms.id, locations.gymId))
      .where(where);
  return pagedList<PublicClub>(
    db,
    query,
    (limit, offset) =>
      rows()
        .orderBy(
          sql`abs(coalesce(${digitsOf}, 100000) - ${digits}) ${query.direction === 'desc' ? sql`desc` : sql`asc`}`,
          sql`lower(${locations.name})`,
          asc(locations.id),
        )
        .limit(limit)
        .offset(offset),
    db
      .select({ id: locations.id })
      .from(locations)
      .innerJoin(gyms, eq(gyms.id, locations.gymId))
      .where(where),
  );
}

/** A club open for sign-up, with its gym. */
async function clubOf(db: Database, locationId: number) {
  const [club] = await db
    .select({
      id: locations.id,
      gymId: locations.gymId,
      name: locations.name,
      slug: locations.slug,
      gymSlug: gyms.slug,
    })
    .from(locations)
    .innerJoin(gyms, eq(gyms.id, locations.gymId))
    .where(and(eq(locations.id, locationId), eq(locations.visibleOnRegistrationPage, true)));
  return club;
}

/** The memberships a club offers on its sign-up page, prices incl. VAT (`vatSplit`, one rounding rule). */
export async function publicSubscriptions(
  db: Database,
  locationId: number,
  address: string,
): Promise<PublicSubscription[]> {
  await enforceRateLimit(db, `signup-lookup:address:${address}`, LOOKUP_LIMIT);
  if (!(await clubOf(db, locationId))) throw errors.notFound(CLUB_NOT_FOUND);
  const rows = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      description: subscriptions.description,
      type: subscriptions.type,
      vatRate: subscriptions.vatRate,
    })
    .from(subscriptions)
    .innerJoin(subscriptionLocations, eq(subscriptionLocations.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptionLocations.locationId, locationId), eq(subscriptions.isActive, true)))
    .orderBy(asc(subscriptions.sortOrder), asc(subscriptions.name), asc(subscriptions.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [variants, groups] = await Promise.all([
    db
      .select()
      .from(subscriptionVariants)
      .where(inArray(subscriptionVariants.subscriptionId, ids))
      .orderBy(asc(subscriptionVariants.sortOrder), asc(subscriptionVariants.id)),
    db
      .select({
        subscriptionId: subscriptionAgeGroups.subscriptionId,
        minimumAge: ageGroups.minimumAge,
        maximumAge: ageGroups.maximumAge,
      })
      .from(subscriptionAgeGroups)
      .innerJoin(ageGroups, eq(ageGroups.id, subscriptionAgeGroups.ageGroupId))
      .where(inArray(subscriptionAgeGroups.subscriptionId, ids))
      .orderBy(asc(ageGroups.minimumAge)),
  ]);
  return rows.map((row) => ({
    ...row,
    ageGroups: groups
      .filter((group) => group.subscriptionId === row.id)
      .map(({ minimumAge, maximumAge }) => ({ minimumAge, maximumAge })),
    variants: variants
      .filter((variant) => variant.subscriptionId === row.id)
      .map((variant) => ({
        id: variant.id,
        name: variant.name,
        oneOffCosts: vatSplit(variant.oneOffCosts, variant.oneOffCostsIncludesVat, row.vatRate).inclVat,
        pricePerPeriod: vatSplit(variant.pricePerPeriod, variant.pricePerPeriodIncludesVat, row.vatRate)
          .inclVat,
        durationPeriodAmount: variant.durationPeriodAmount,
        durationPeriodType: variant.durationPeriodType,
        paymentPerPeriodAmount: variant.paymentPerPeriodAmount,
        paymentPerPeriodType: variant.paymentPerPeriodType,
        noticePeriodAmount: variant.noticePeriodAmount,
        noticePeriodType: variant.noticePeriodType,
        accessType: variant.accessType,
        accessPerPeriodAmount: variant.accessPerPeriodAmount,
        accessPerPeriodType: variant.accessPerPeriodType,
      })),
  }));
}

type SignUp = z.output<typeof signUpInput>;

/**
 * The account the membership goes to: a new one with the password given, or the existing one of the address
 * when the password is its own. Another password answers 409 on `email` (the spec's login popup asks the
 * account's password); on the kiosk, where no popup is, the sign-up goes on without the account (the desk
 * links it when completing the registration). Both paths verify a hash, so they take the same time.
 */
async function accountFor(db: Database, input: SignUp): Promise<{ userId: number | null; isNew: boolean }> {
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (existing) {
    if (await verifyPassword(existing.passwordHash, input.password))
      return { userId: existing.id, isNew: false };
    if (input.kiosk) return { userId: null, isNew: false };
    throw errors.conflict('email', 'signUp.errors.accountExists');
  }
  if (isCommonPassword(input.password)) throw errors.field('password', 'validation.passwordTooCommon');
  await verifyPassword(undefined, input.password);
  return { userId: null, isNew: true };
}

/**
 * A sign-up (decision 018): checked like a take-out at the desk (the subscription active and offered at
 * the club, the variant its own, the age on the start date in its age groups); then in one transaction the
 * account (new, or the existing one), the gym's member of that address (new as an open registration, or the
 * one there is, its data brought up to date), the membership, and its first invoice (one-off costs and the
 * first period, decision 017). After it, the first payment at the club's provider: a `first` payment whose
 * mandate the later periods are charged on; the person comes back to the result page.
 */
export async function signUp(deps: BillingDeps, input: SignUp, address: string): Promise<SignUpResult> {
  await enforceRateLimit(deps.db, `signup:address:${address}`, SIGN_UP_LIMIT);
  const club = await clubOf(deps.db, input.locationId);
  if (!club) throw errors.field('locationId', CLUB_NOT_FOUND);
  const account = await accountFor(deps.db, input);
  const passwordHash = account.isNew ? await hashPassword(input.password) : null;
  const today = dutchToday();
  const made = await inTransaction(deps.db, async (tx) => {
    const subscription = await memberRepository.subscriptionForTakeOut(tx, club.gymId, input.subscriptionId);
    if (!subscription?.isActive || !subscription.locationIds.includes(club.id))
      throw errors.field('subscriptionId', 'member.errors.subscriptionNotFound');
    const variant = subscription.variants.find((entry) => entry.id === input.variantId);
    if (!variant) throw errors.field('variantId', 'member.errors.variantNotFound');
    if (!fitsAgeGroups(subscription.ageGroups, input.dateOfBirth, input.startDate))
      throw errors.field('dateOfBirth', 'member.errors.ageDoesNotMatch');
    let userId = account.userId;
    if (account.isNew) {
      try {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            role: 'Employee',
            firstName: input.firstName,
            insertion: input.insertion ?? null,
            lastName: input.lastName,
            phoneNumber: input.phoneNumber,
          })
          .returning({ id: users.id });
        userId = user!.id;
      } catch (error) {
        // The same address signed up twice at once: the second one is the existing account's case.
        if (isUniqueViolation(error, 'users_email_lower_unique'))
          throw errors.conflict('email', 'signUp.errors.accountExists');
        throw error;
      }
    }
    const person = {
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
      homeLocationId: club.id,
      iban: input.iban,
      accountHolder: input.accountHolder,
      mandateSignedOn: today,
    };
    const [known] = await tx
      .select({ id: members.id, userId: members.userId })
      .from(members)
      .where(
        and(
          eq(members.gymId, club.gymId),
          sql`lower(${members.email}) = ${input.email.toLowerCase()}`,
          sql`${members.anonymisedAt} is null`,
        ),
      )
      .for('update');
    let memberId: number;
    if (known) {
      memberId = known.id;
      await memberRepository.updateMember(tx, memberId, {
        ...person,
        ...(known.userId === null && userId !== null ? { userId } : {}),
      });
    } else {
      memberId = await memberRepository.insertMember(tx, club.gymId, {
        ...person,
        userId,
        registrationCompleted: false,
      });
    }
    const membershipId = await memberRepository.insertMembership(tx, {
      gymId: club.gymId,
      memberId,
      subscriptionId: subscription.id,
      variantId: variant.id,
      locationId: club.id,
      startDate: input.startDate,
      endDate:
        subscription.type === SubscriptionType.Prepaid
          ? termEnd(input.startDate, variant.durationPeriodAmount, variant.durationPeriodType)
          : null,
    });
    await audit(tx, {
      userId,
      entity: 'Membership',
      entityId: membershipId,
      before: null,
      after: {
        memberId,
        subscriptionId: subscription.id,
        variantId: variant.id,
        by: input.kiosk ? 'kiosk' : 'signUp',
      },
      requestId: 'sign-up',
    });
    const first = await billing.claimFirstPeriod(tx, membershipId);
    const issued = first ? await issuePeriods(tx, deps, [first], today, { paidNow: true }) : undefined;
    const invoiceId = issued?.invoiceIds.get(membershipId);
    if (invoiceId === undefined) throw errors.badRequest('signUp.errors.nothingToPay');
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    return {
      memberId,
      invoice: invoice!,
      name: [input.firstName, input.insertion, input.lastName].filter(Boolean).join(' '),
    };
  });
  const resultToken = deps.links.sign('invoice', made.invoice.id);
  const back = input.kiosk
    ? `?terug=${encodeURIComponent(`/inschrijven/${club.gymSlug}/${club.slug}/kiosk`)}`
    : '';
  const redirectUrl = `${deps.publicUrl}/inschrijven/resultaat/${resultToken}${back}`;
  try {
    const gateway = await deps.payments.gatewayFor(club.id);
    const customer = await gateway.createCustomer({ name: made.name, email: input.email });
    await billing.saveMandate(deps.db, {
      memberId: made.memberId,
      locationId: club.id,
      provider: gateway.provider,
      customerId: customer.id,
      mandateId: null,
      reference: mandateReferenceOf({ gymId: club.gymId, memberId: made.memberId, imported: null }),
      status: 'pending',
    });
    const payment = await deps.payments.start({
      gymId: club.gymId,
      locationId: club.id,
      subject: PAYMENT_SUBJECT,
      subjectId: made.invoice.id,
      attempt: 1,
      amountCents: made.invoice.totalCents,
      description: `Inschrijving ${made.invoice.invoiceNumber}`,
      sequenceType: 'first',
      customerId: customer.id,
      redirectUrl,
    });
    return { checkoutUrl: payment.checkoutUrl, resultToken };
  } catch (error) {
    // The sign-up stands; the result page offers to pay again (the invoice's pay link).
    if (
      error instanceof GatewayUnavailableError ||
      error instanceof GatewayRefusedError ||
      error instanceof AppError
    )
      return { checkoutUrl: null, resultToken };
    throw error;
  }
}
