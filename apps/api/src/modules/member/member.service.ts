import {
  ageOn,
  type Claims,
  Environment,
  fitsAgeGroup,
  MAX_PAUSE_DAYS,
  type Member,
  type MembershipInput,
  MembershipState,
  SubscriptionType,
} from '@xp/contracts';
import { addDays, daysIncluded, termEnd } from '@xp/contracts/dates';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import * as repository from './member.repository.ts';
import * as lists from './member-list.repository.ts';
import * as subscriptionSide from './member-subscription.repository.ts';

/*
 * Members and memberships of the active gym (decision 014). In the Location environment the
 * caller sees the active location's members only (their main location, or a membership there); another
 * gym's or location's member is "not found". The audit log records which personal fields changed, never
 * their values, so that an anonymised member leaves nothing behind in it.
 */

export function scopeOf(session: Claims): repository.Scope {
  const gymId = activeTenant(session, 'gym');
  if (session.activeEnvironment !== Environment.Location) return { gymId, locationId: null };
  return { gymId, locationId: activeTenant(session, 'location') };
}

const PERSONAL_FIELDS = [
  'firstName',
  'insertion',
  'lastName',
  'email',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'street',
  'houseNumber',
  'postalCode',
  'city',
] as const;

export interface MemberInput {
  firstName: string;
  insertion?: string | undefined;
  lastName: string;
  email?: string | undefined;
  phoneNumber?: string | undefined;
  gender?: number | undefined;
  dateOfBirth?: string | undefined;
  street?: string | undefined;
  houseNumber?: string | undefined;
  postalCode?: string | undefined;
  city?: string | undefined;
  homeLocationId: number;
}

const personalValues = (input: MemberInput) => ({
  firstName: input.firstName,
  insertion: input.insertion ?? null,
  lastName: input.lastName,
  email: input.email?.toLowerCase() ?? null,
  phoneNumber: input.phoneNumber ?? null,
  gender: input.gender ?? null,
  dateOfBirth: input.dateOfBirth ?? null,
  street: input.street ?? null,
  houseNumber: input.houseNumber ?? null,
  postalCode: input.postalCode ?? null,
  city: input.city ?? null,
});

/** Where a membership stands on `today` (YYYY-MM-DD). */
export function membershipState(
  membership: { startDate: string; endDate: string | null },
  pauses: readonly { fromDate: string; toDate: string }[],
  today: string,
) {
  if (membership.startDate > today) return MembershipState.Future;
  if (membership.endDate !== null && membership.endDate < today) return MembershipState.Ended;
  if (pauses.some((pause) => pause.fromDate <= today && pause.toDate >= today)) return MembershipState.Paused;
  return MembershipState.Running;
}

/** The member as the API answers it, with their memberships and pauses. */
export async function present(db: Database, row: NonNullable<repository.MemberDetailRow>): Promise<Member> {
  const memberships = await repository.membershipsOf(db, [row.id]);
  const pauses = await repository.pausesOf(
    db,
    memberships.map((membership) => membership.id),
  );
  const { gymId: _gym, userId, homeLocationId, homeLocationName, ...fields } = row;
  return {
    ...fields,
    homeLocation: homeLocationId === null ? null : { id: homeLocationId, name: homeLocationName ?? '' },
    hasAccount: userId !== null,
    memberships: memberships.map((membership) => {
      const own = pauses
        .filter((pause) => pause.membershipId === membership.id)
        .map(({ membershipId: _m, ...pause }) => pause);
      return {
        id: membership.id,
        subscription: { id: membership.subscriptionId, name: membership.subscriptionName },
        variant: {
          id: membership.variantId,
          name: membership.variantName,
          noticePeriodAmount: membership.noticePeriodAmount,
          noticePeriodType: membership.noticePeriodType,
          accessType: membership.accessType,
          accessPerPeriodAmount: membership.accessPerPeriodAmount,
          accessPerPeriodType: membership.accessPerPeriodType,
        },
        location: { id: membership.locationId, name: membership.locationName },
        startDate: membership.startDate,
        endDate: membership.endDate,
        state: membershipState(membership, own, membership.today),
        pauses: own,
        createdAt: membership.createdAt,
      };
    }),
  };
}

export async function ownMember(db: Database, scope: repository.Scope, id: number, lock = false) {
  const row = await repository.findMember(db, scope, id, lock);
  if (!row) throw errors.notFound('member.errors.notFound');
  return row;
}

export async function ownLiveMember(db: Database, scope: repository.Scope, id: number) {
  const row = await ownMember(db, scope, id, true);
  if (row.anonymisedAt !== null) throw errors.conflict('general', 'member.errors.anonymised');
  return row;
}

/** The main location: one of the gym's; in the Location environment the active location. */
async function checkHomeLocation(db: Database, scope: repository.Scope, locationId: number) {
  const allowed =
    scope.locationId === null
      ? await repository.locationOfGym(db, scope.gymId, locationId)
      : locationId === scope.locationId;
  if (!allowed) throw errors.field('homeLocationId', 'member.errors.locationNotInGym');
}

const withUniqueEmail = conflictOnUnique('email', 'member.errors.emailTaken');

// ------------------------------------------------------------------------------------------------ members

export async function listMembers(db: Database, session: Claims, query: ListQuery & lists.MemberFilter) {
  const scope = scopeOf(session);
  const { status, subscriptionId, locationId, ...list } = query;
  // The location filter is the Gym environment's; in the Location environment the scope is the location.
  if (locationId !== undefined && !(await repository.locationOfGym(db, scope.gymId, locationId))) {
    return { items: [], ...(list.counts === false ? {} : { total: 0 }) };
  }
  return lists.listMembers(db, scope, list, { status, subscriptionId, locationId });
}

export async function getMember(db: Database, session: Claims, id: number) {
  return present(db, await ownMember(db, scopeOf(session), id));
}

export function createMember(db: Database, session: Claims, input: MemberInput, actor: Actor) {
  const scope = scopeOf(session);
  return withUniqueEmail(() =>
    inTransaction(db, async (tx) => {
      await checkHomeLocation(tx, scope, input.homeLocationId);
      const id = await repository.insertMember(tx, scope.gymId, {
        ...personalValues(input),
        homeLocationId: input.homeLocationId,
      });
      await audit.write(tx, actor, 'Member', id, null, { homeLocationId: input.homeLocationId });
      return present(tx, (await repository.findMember(tx, scope, id))!);
    }),
  );
}

export function updateMember(
  db: Database,
  session: Claims,
  input: MemberInput & { id: number },
  actor: Actor,
) {
  const scope = scopeOf(session);
  return withUniqueEmail(() =>
    inTransaction(db, async (tx) => {
      const before = await ownLiveMember(tx, scope, input.id);
      if (input.homeLocationId !== before.homeLocationId)
        await checkHomeLocation(tx, scope, input.homeLocationId);
      const values = personalValues(input);
      await repository.updateMember(tx, input.id, { ...values, homeLocationId: input.homeLocationId });
      const changed = PERSONAL_FIELDS.filter((field) => values[field] !== before[field]);
      await audit.write(
        tx,
        actor,
        'Member',
        input.id,
        { homeLocationId: before.homeLocationId, changedFields: [] },
        { homeLocationId: input.homeLocationId, changedFields: changed },
      );
      return present(tx, (await repository.findMember(tx, scope, input.id))!);
    }),
  );
}

// ------------------------------------------------------------------------------------------- memberships

/**
 * Takes out a subscription: it is the gym's and active (read `FOR SHARE`, so a deactivation waits), the
 * variant is its own, the location offers it (in the Location environment: the active location), and with
 * age groups the member's age on the start date fits one. A prepaid subscription ends after its term; a
 * recurring one runs on until ended. The member's main location becomes the membership's.
 */
export async function addMembership(
  db: Database,
  session: Claims,
  memberId: number,
  input: MembershipInput,
  actor: Actor,
) {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    const member = await ownLiveMember(tx, scope, memberId);
    const subscription = await repository.subscriptionForTakeOut(tx, scope.gymId, input.subscriptionId);
    if (!subscription) throw errors.field('subscriptionId', 'member.errors.subscriptionNotFound');
    if (!subscription.isActive) throw errors.field('subscriptionId', 'member.errors.subscriptionInactive');
    const variant = subscription.variants.find((entry) => entry.id === input.variantId);
    if (!variant) throw errors.field('variantId', 'member.errors.variantNotFound');
    if (scope.locationId !== null && input.locationId !== scope.locationId) {
      throw errors.field('locationId', 'member.errors.locationNotInGym');
    }
    if (!subscription.locationIds.includes(input.locationId)) {
      throw errors.field('locationId', 'member.errors.locationDoesNotOffer');
    }
    if (subscription.ageGroups.length > 0) {
      if (member.dateOfBirth === null)
        throw errors.field('subscriptionId', 'member.errors.dateOfBirthUnknown');
      const age = ageOn(member.dateOfBirth, input.startDate);
      if (!subscription.ageGroups.some((group) => fitsAgeGroup(group, age))) {
        throw errors.field('subscriptionId', 'member.errors.ageDoesNotMatch');
      }
    }
    const endDate =
      subscription.type === SubscriptionType.Prepaid
        ? termEnd(input.startDate, variant.durationPeriodAmount, variant.durationPeriodType)
        : null;
    const id = await repository.insertMembership(tx, {
      gymId: scope.gymId,
      memberId,
      subscriptionId: subscription.id,
      variantId: variant.id,
      locationId: input.locationId,
      startDate: input.startDate,
      endDate,
    });
    await repository.updateMember(tx, memberId, { homeLocationId: input.locationId });
    await audit.write(tx, actor, 'Membership', id, null, { memberId, ...input, endDate });
    return present(tx, (await repository.findMember(tx, scope, memberId))!);
  });
}

async function ownMembership(db: Database, scope: repository.Scope, id: number) {
  const row = await repository.findMembership(db, scope, id);
  if (!row) throw errors.notFound('member.errors.membershipNotFound');
  const member = await ownLiveMember(db, scope, row.memberId);
  return { ...row, member };
}

/** Ends a membership on a date, not before its start (the screen shows the variant's notice period). */
export async function endMembership(
  db: Database,
  session: Claims,
  id: number,
  endDate: string,
  actor: Actor,
) {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    const membership = await ownMembership(tx, scope, id);
    if (endDate < membership.startDate) throw errors.field('endDate', 'member.errors.endBeforeStart');
    await repository.setMembershipEnd(tx, id, endDate);
    await audit.write(tx, actor, 'Membership', id, { endDate: membership.endDate }, { endDate });
    return present(tx, (await repository.findMember(tx, scope, membership.memberId))!);
  });
}

/**
 * Pauses a membership from one day to another (both included, at most a year), within its term and not
 * overlapping another pause; a membership with an end date ends that many days later.
 */
export async function pauseMembership(
  db: Database,
  session: Claims,
  id: number,
  input: { fromDate: string; toDate: string },
  actor: Actor,
) {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    const membership = await ownMembership(tx, scope, id);
    if (membership.endDate !== null && membership.endDate < membership.today) {
      throw errors.conflict('general', 'member.errors.membershipEnded');
    }
    const days = daysIncluded(input.fromDate, input.toDate);
    if (days > MAX_PAUSE_DAYS) throw errors.field('toDate', 'member.errors.pauseTooLong');
    if (
      input.fromDate < membership.startDate ||
      (membership.endDate !== null && input.fromDate > membership.endDate)
    ) {
      throw errors.field('fromDate', 'member.errors.pauseOutsideMembership');
    }
    const pauses = await repository.pausesOf(tx, [id]);
    if (pauses.some((pause) => pause.fromDate <= input.toDate && pause.toDate >= input.fromDate)) {
      throw errors.field('fromDate', 'member.errors.pauseOverlaps');
    }
    const pauseId = await repository.insertPause(tx, id, input.fromDate, input.toDate);
    const endDate = membership.endDate === null ? null : addDays(membership.endDate, days);
    if (endDate !== null) await repository.setMembershipEnd(tx, id, endDate);
    await audit.write(tx, actor, 'MembershipPause', pauseId, null, { membershipId: id, ...input, endDate });
    return present(tx, (await repository.findMember(tx, scope, membership.memberId))!);
  });
}

/** Cancels a pause that has not started; the membership's end moves back by its days. */
export async function removePause(db: Database, session: Claims, id: number, actor: Actor) {
  const scope = scopeOf(session);
  await inTransaction(db, async (tx) => {
    const found = await repository.findPause(tx, id);
    if (!found) throw errors.notFound('member.errors.pauseNotFound');
    const membership = await repository.findMembership(tx, scope, found.membershipId);
    // Read again under the membership's lock: a removal that went first has taken it (and moved the end).
    const pause = membership ? await repository.findPause(tx, id) : undefined;
    if (!membership || !pause) throw errors.notFound('member.errors.pauseNotFound');
    if (pause.fromDate <= membership.today) throw errors.conflict('general', 'member.errors.pauseStarted');
    await repository.removePause(tx, id);
    if (membership.endDate !== null) {
      const days = daysIncluded(pause.fromDate, pause.toDate);
      await repository.setMembershipEnd(tx, membership.id, addDays(membership.endDate, -days));
    }
    await audit.write(
      tx,
      actor,
      'MembershipPause',
      id,
      { membershipId: pause.membershipId, fromDate: pause.fromDate, toDate: pause.toDate },
      null,
    );
  });
  return null;
}

// -------------------------------------------------------------------------------------- open registrations

export const listOpenRegistrations = (db: Database, session: Claims, query: ListQuery) =>
  lists.listOpenRegistrations(db, scopeOf(session), query);

/** Completes a sign-up: from now on the member's memberships admit them at the door. */
export async function completeRegistration(db: Database, session: Claims, id: number, actor: Actor) {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    const member = await ownLiveMember(tx, scope, id);
    if (member.registrationCompleted) {
      throw errors.conflict('general', 'member.errors.registrationAlreadyCompleted');
    }
    await repository.updateMember(tx, id, { registrationCompleted: true });
    await audit.write(
      tx,
      actor,
      'Member',
      id,
      { registrationCompleted: false },
      { registrationCompleted: true },
    );
    return present(tx, (await repository.findMember(tx, scope, id))!);
  });
}

// ------------------------------------------------------------------------------------- subscription tab

export async function listSubscriptionMembers(
  db: Database,
  session: Claims,
  subscriptionId: number,
  query: ListQuery & { current?: boolean | undefined },
) {
  const gymId = activeTenant(session, 'gym');
  if (!(await subscriptionSide.subscriptionOfGym(db, gymId, subscriptionId))) {
    throw errors.notFound('subscription.errors.notFound');
  }
  const { current, ...list } = query;
  return subscriptionSide.listSubscriptionMembers(db, gymId, subscriptionId, list, current);
}

export const offeredSubscriptions = (db: Database, session: Claims) =>
  subscriptionSide.offeredSubscriptions(db, scopeOf(session));
