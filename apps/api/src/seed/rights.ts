import { inArray, sql } from 'drizzle-orm';
import { gymRightsGroupMembers, gymRightsGroups } from '../modules/employee/employee.tables.ts';
import {
  gymEmployees,
  gyms,
  locationEmployees,
  locations,
} from '../modules/organisation/organisation.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import type { Database } from '../platform/db/client.ts';

/**
 * Demo of rights groups in Vitaal Sportcentra: its two demo employees as staff (the location account also
 * at Utrecht), and three rights groups, the gym account a member of one. Adds no users (other tests count
 * them) and skips whatever another seed created already.
 */
export async function seedRights(db: Database) {
  const [vitaal] = await db.select().from(gyms).where(sql`lower(${gyms.slug}) = 'vitaal'`);
  const [utrecht] = await db
    .select()
    .from(locations)
    .where(sql`lower(${locations.slug}) = 'vitaal-utrecht-centrum'`);
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['gym@example.com', 'locatie@example.com']));
  const gymUser = staff.find((user) => user.email === 'gym@example.com')?.id;
  const locationUser = staff.find((user) => user.email === 'locatie@example.com')?.id;
  if (!vitaal || !utrecht || !gymUser || !locationUser) return;

  await db
    .insert(gymEmployees)
    .values([gymUser, locationUser].map((userId) => ({ gymId: vitaal.id, userId })))
    .onConflictDoNothing();
  await db
    .insert(locationEmployees)
    .values({ locationId: utrecht.id, userId: locationUser })
    .onConflictDoNothing();

  const groups = await db
    .insert(gymRightsGroups)
    .values([
      { gymId: vitaal.id, name: 'Receptie', rights: ['ManageMemberships', 'ManageMembers'] },
      {
        gymId: vitaal.id,
        name: 'Financiële administratie',
        rights: ['ManageSubscriptions', 'ManageMemberships'],
      },
      { gymId: vitaal.id, name: 'Locatiemanagers', rights: ['ManageLocationRights', 'ManageLocationAreas'] },
    ])
    .onConflictDoNothing()
    .returning();
  const managers = groups.find((group) => group.name === 'Locatiemanagers');
  if (managers) {
    await db
      .insert(gymRightsGroupMembers)
      .values({ groupId: managers.id, userId: gymUser })
      .onConflictDoNothing();
  }
}
