import {
  type CheckInResult,
  type Claims,
  type Entry,
  EntrySource,
  Environment,
  hasLocationRight,
  type RefusalReason,
} from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { scopeOf } from '../member/member.service.ts';
import * as repository from './entry.repository.ts';

/*
 * Entries at the door (decision 014): the member app's check-in, the desk's entries by hand, the
 * refused check-ins staff may approve, and who is inside. Every staff change is audited; the check-in
 * itself is the entry row.
 */

const present = (row: repository.EntryListRow): Entry => {
  const { locationId, locationName, ...rest } = row;
  return { ...rest, location: { id: locationId, name: locationName } };
};

async function ownEntry(db: Database, session: Claims, id: number, lock = false) {
  const row = await repository.findEntry(db, id, lock);
  if (!row || row.locationId !== activeTenant(session, 'location'))
    throw errors.notFound('entry.errors.notFound');
  return row;
}

// ------------------------------------------------------------------------------------------------ lists

/**
 * In the Location environment the active location's entries (of one member, with `memberId`); in the Gym
 * environment one member's entries at every location of the gym (`memberId` needed).
 */
export async function listEntries(
  db: Database,
  session: Claims,
  query: ListQuery & { from?: string | undefined; to?: string | undefined; memberId?: number | undefined },
) {
  const scope = scopeOf(session);
  const { from, to, memberId, ...list } = query;
  if (memberId === undefined && scope.locationId === null)
    throw errors.field('memberId', 'validation.required');
  if (memberId !== undefined && !(await repository.memberOfGym(db, scope.gymId, memberId))) {
    return { items: [], ...(list.counts === false ? {} : { total: 0 }) };
  }
  const page = await repository.listEntries(
    db,
    { locationId: scope.locationId ?? undefined, memberId, from, to },
    list,
  );
  return { ...page, items: page.items.map(present) };
}

// ------------------------------------------------------------------------------------------- the desk

interface EntryTimes {
  date: string;
  entryTime: string;
  exitTime?: string | undefined;
}

async function checkNotInFuture(db: Database, times: EntryTimes) {
  const now = await repository.localNow(db);
  if (times.date > now.date || (times.date === now.date && times.entryTime > now.time)) {
    throw errors.field('date', 'entry.errors.inFuture');
  }
}

/**
 * Registers an entry by hand at the active location: the member is the gym's, with a membership valid that
 * day at the location (the one given, or the first); limits and time slots are the staff's call.
 */
export async function createEntry(
  db: Database,
  session: Claims,
  input: EntryTimes & { memberId: number; membershipId?: number | undefined },
  actor: Actor,
) {
  const locationId = activeTenant(session, 'location');
  const gymId = activeTenant(session, 'gym');
  return inTransaction(db, async (tx) => {
    const member = await repository.memberOfGym(tx, gymId, input.memberId, true);
    if (!member) throw errors.field('memberId', 'entry.errors.memberNotFound');
    await checkNotInFuture(tx, input);
    const valid = await repository.validMemberships(tx, input.memberId, locationId, sql`${input.date}::date`);
    const membership =
      input.membershipId === undefined ? valid[0] : valid.find((entry) => entry.id === input.membershipId);
    if (!membership) {
      throw errors.field(
        input.membershipId === undefined ? 'memberId' : 'membershipId',
        'entry.errors.noMembership',
      );
    }
    const id = await repository.insertEntry(tx, {
      gymId,
      locationId,
      memberId: input.memberId,
      membershipId: membership.id,
      entryAt: repository.instantOf(input.date, input.entryTime) as unknown as Date,
      exitAt:
        input.exitTime === undefined
          ? null
          : (repository.instantOf(input.date, input.exitTime) as unknown as Date),
      source: EntrySource.Desk,
      createdBy: session.userId,
    });
    const created = present((await repository.findEntry(tx, id))!);
    await audit.write(tx, actor, 'Entry', id, null, created);
    return created;
  });
}

/** Corrects an entry's date and times (the member and membership stay). */
export async function updateEntry(
  db: Database,
  session: Claims,
  input: EntryTimes & { id: number },
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    const before = present(await ownEntry(tx, session, input.id, true));
    await checkNotInFuture(tx, input);
    await repository.updateEntryTimes(
      tx,
      input.id,
      repository.instantOf(input.date, input.entryTime),
      input.exitTime === undefined ? null : repository.instantOf(input.date, input.exitTime),
    );
    const after = present((await repository.findEntry(tx, input.id))!);
    await audit.write(tx, actor, 'Entry', input.id, before, after);
    return after;
  });
}

/** Records that the member left, now. */
export async function recordExit(db: Database, session: Claims, id: number, actor: Actor) {
  return inTransaction(db, async (tx) => {
    const before = present(await ownEntry(tx, session, id, true));
    if (before.exitAt !== null) throw errors.conflict('general', 'entry.errors.exitAlreadyRecorded');
    await repository.recordExit(tx, id);
    const after = present((await repository.findEntry(tx, id))!);
    await audit.write(tx, actor, 'Entry', id, before, after);
    return after;
  });
}

export async function deleteEntry(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const before = present(await ownEntry(tx, session, id, true));
    await repository.removeEntry(tx, id);
    await audit.write(tx, actor, 'Entry', id, before, null);
  });
  return null;
}

// ------------------------------------------------------------------------------------------- the door

/**
 * The member app's check-in at a location's QR code: the SQL function `check_in` (migration 0035) finds the
 * member of the account at the location's gym and lets them in on the first membership valid today there
 * that is not paused, within its time slots and access limits (its row locked, so parallel check-ins of one
 * member take turns), or records the refused attempt with the reason of the first membership refused. The
 * account's address must be proven (403 `entry.errors.emailNotProven`).
 */
export async function checkIn(
  db: Database,
  session: Claims,
  qrCode: string,
  actor: Actor,
): Promise<CheckInResult> {
  // Only an account whose address is proven (decision 018): one a public form made without proof is nobody's yet.
  if (!(await repository.isEmailProven(db, session.userId)))
    throw errors.forbidden('entry.errors.emailNotProven');
  const outcome = await inTransaction(db, async (tx) => {
    const checked = await repository.checkIn(tx, qrCode, session.userId);
    // Let in by their own scan: the entry is audited as the member's (a refused attempt is a record itself).
    if (checked.status === 'admitted' && checked.entryId !== null) {
      const entered = { by: 'checkIn', locationName: checked.locationName };
      await audit.write(tx, actor, 'Entry', checked.entryId, null, entered);
    }
    return checked;
  });
  if (outcome.status === 'unknownQrCode') throw errors.notFound('entry.errors.unknownQrCode');
  if (outcome.status === 'notAMember') throw errors.forbidden('entry.errors.notAMember');
  return {
    admitted: outcome.status === 'admitted',
    reason: outcome.reason as RefusalReason | null,
    locationName: outcome.locationName!,
    entryId: outcome.entryId,
  };
}

// --------------------------------------------------------------------------------------------- attempts

export async function listAttempts(
  db: Database,
  session: Claims,
  query: ListQuery & { open?: boolean | undefined; from?: string | undefined; to?: string | undefined },
) {
  const { open, from, to, ...list } = query;
  const page = await repository.listAttempts(db, activeTenant(session, 'location'), list, { open, from, to });
  return { ...page, items: page.items.map((item) => ({ ...item, reason: item.reason as RefusalReason })) };
}

/** Lets in a member the door refused: an entry of its own (source "approved"), audited; once only. */
export async function approveAttempt(db: Database, session: Claims, id: number, actor: Actor) {
  const locationId = activeTenant(session, 'location');
  return inTransaction(db, async (tx) => {
    const attempt = await repository.findAttempt(tx, id);
    if (!attempt || attempt.locationId !== locationId) throw errors.notFound('entry.errors.attemptNotFound');
    if (attempt.approvedEntryId !== null) throw errors.conflict('general', 'entry.errors.alreadyApproved');
    if (!(await repository.memberOfGym(tx, attempt.gymId, attempt.memberId, true))) {
      throw errors.notFound('entry.errors.memberNotFound');
    }
    const entryId = await repository.insertEntry(tx, {
      gymId: attempt.gymId,
      locationId,
      memberId: attempt.memberId,
      membershipId: attempt.membershipId,
      entryAt: sql`now()` as unknown as Date,
      source: EntrySource.Approved,
      createdBy: session.userId,
    });
    await repository.approveAttempt(tx, id, entryId, session.userId);
    const created = present((await repository.findEntry(tx, entryId))!);
    await audit.write(tx, actor, 'EntryAttempt', id, { approvedEntryId: null }, { approvedEntryId: entryId });
    return created;
  });
}

// ------------------------------------------------------------------------------------------------ inside

/** Who is inside a location now: the caller's active location (or one they hold the right on). */
export async function listInside(db: Database, session: Claims, locationId: number, query: ListQuery) {
  const location = await repository.locationOf(db, locationId);
  const allowed =
    location !== undefined &&
    location.gymId === session.activeGymId &&
    (session.activeEnvironment !== Environment.Location || locationId === session.activeLocationId) &&
    hasLocationRight(session, 'ManageMembershipEntries', locationId);
  if (!allowed) throw errors.notFound('entry.errors.locationNotFound');
  return repository.listInside(db, locationId, location.memberExpectedInsideTime, query);
}
