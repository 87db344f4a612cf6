import { instantAfterDays } from '@xp/contracts/dates';
import { and, eq, sql } from 'drizzle-orm';
import {
  gymEmployees,
  gymRightGrants,
  gyms,
  locationEmployees,
  locationRightGrants,
  locations,
} from '../modules/organisation/organisation.tables.ts';
import { invitations } from '../modules/registration/registration.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import { newOpaqueToken, sha256 } from '../platform/auth/tokens.ts';
import type { Database } from '../platform/db/client.ts';

/**
 * Demo staff: whoever holds a right in a gym or on a location is an employee of that gym (and works at
 * that location), and Vitaal Sportcentra has one open employee invitation. Adds no users (other tests
 * count them) and skips whatever exists already.
 */
export async function seedEmployees(db: Database) {
  const gymGrants = await db
    .selectDistinct({ gymId: gymRightGrants.gymId, userId: gymRightGrants.userId })
    .from(gymRightGrants)
    .innerJoin(users, eq(users.id, gymRightGrants.userId))
    .where(eq(users.role, 'Employee'));
  const locationGrants = await db
    .selectDistinct({
      locationId: locationRightGrants.locationId,
      gymId: locations.gymId,
      userId: locationRightGrants.userId,
    })
    .from(locationRightGrants)
    .innerJoin(locations, eq(locations.id, locationRightGrants.locationId))
    .innerJoin(users, eq(users.id, locationRightGrants.userId))
    .where(eq(users.role, 'Employee'));

  const staff = [...gymGrants, ...locationGrants].map(({ gymId, userId }) => ({ gymId, userId }));
  if (staff.length > 0) await db.insert(gymEmployees).values(staff).onConflictDoNothing();
  if (locationGrants.length > 0) {
    await db
      .insert(locationEmployees)
      .values(locationGrants.map(({ locationId, userId }) => ({ locationId, userId })))
      .onConflictDoNothing();
  }

  const [vitaal] = await db.select().from(gyms).where(sql`lower(${gyms.slug}) = 'vitaal'`);
  const [inviter] = await db.select().from(users).where(eq(users.email, 'gym@example.com'));
  if (!vitaal || !inviter) return;
  const email = 'nieuwe.collega@example.com';
  const [open] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.kind, 'gymEmployee'), eq(invitations.email, email)));
  if (open) return;
  await db.insert(invitations).values({
    kind: 'gymEmployee',
    email,
    codeHash: sha256(newOpaqueToken()),
    invitedByUserId: inviter.id,
    gymId: vitaal.id,
    expiresAt: instantAfterDays(14),
  });
}
