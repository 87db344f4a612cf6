import { gymRights, locationRights } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { locationAreas } from '../modules/location-area/location-area.tables.ts';
import {
  associations,
  contentEnvironments,
  employers,
  employerUsers,
  gymRightGrants,
  gyms,
  locationRightGrants,
  locations,
  suppliers,
  supplierUsers,
} from '../modules/organisation/organisation.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import { hashPassword } from '../platform/auth/password.ts';
import type { Database } from '../platform/db/client.ts';
import type { FilesDeps } from '../platform/files/images.ts';
import { seedAssociations } from './associations.ts';
import { seedChallengeTemplates } from './challenge-templates.ts';
import { seedChallenges } from './challenges.ts';
import { DEMO_PASSWORD } from './demo-password.ts';
import { seedEmployees } from './employees.ts';
import { seedEmployerEmployees } from './employer-employees.ts';
import { seedEmployerSettings } from './employer-settings.ts';
import { seedFitnessProducts } from './fitness-products.ts';
import { seedInvoices } from './invoices.ts';
import { seedLocationSettings } from './locations.ts';
import { seedMembers } from './members.ts';
import { seedPictures } from './pictures.ts';
import { seedProductOrders } from './product-orders.ts';
import { seedRights } from './rights.ts';
import { seedStore } from './store.ts';
import { seedSuppliers } from './suppliers.ts';
import { seedXp } from './xp.ts';

export { DEMO_PASSWORD };

export const demoAccounts = {
  admin: 'admin@example.com',
  gym: 'gym@example.com',
  location: 'locatie@example.com',
  employer: 'werkgever@example.com',
  supplier: 'leverancier@example.com',
  content: 'content@example.com',
} as const;

/**
 * Demo data; does nothing when users already exist. `app` is the demo of a running app (`npm start`,
 * `npm run seed`): its file store gets demo pictures (the demo templates their banners) and the employer
 * gets employees with accounts. The tests' template database leaves it out: they count the demo users.
 */
export async function seedDemoData(db: Database, app?: { files: FilesDeps }): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((existing?.count ?? 0) > 0) return false;

  await db.transaction(async (tx) => {
    const [vitaal, brug] = await tx
      .insert(gyms)
      .values([
        { name: 'Vitaal Sportcentra', slug: 'vitaal' },
        { name: 'Sportschool De Brug', slug: 'de-brug' },
      ])
      .returning();
    const [utrecht, amersfoort, zwolle] = await tx
      .insert(locations)
      .values([
        {
          gymId: vitaal!.id,
          name: 'Vitaal Utrecht Centrum',
          slug: 'vitaal-utrecht-centrum',
          email: 'utrecht@vitaal.example.com',
          street: 'Oudegracht',
          houseNumber: '120',
          postalCode: '3511 AZ',
          city: 'Utrecht',
        },
        {
          gymId: vitaal!.id,
          name: 'Vitaal Amersfoort',
          slug: 'vitaal-amersfoort',
          email: 'amersfoort@vitaal.example.com',
          street: 'Stationsplein',
          houseNumber: '15',
          postalCode: '3818 LE',
          city: 'Amersfoort',
        },
        {
          gymId: brug!.id,
          name: 'De Brug Zwolle',
          slug: 'de-brug-zwolle',
          email: 'zwolle@debrug.example.com',
          street: 'Melkmarkt',
          houseNumber: '8',
          postalCode: '8011 MC',
          city: 'Zwolle',
        },
      ])
      .returning();

    const [employer] = await tx
      .insert(employers)
      .values([{ name: 'Bakkerij Jansen B.V.' }, { name: 'Van den Berg Logistiek' }])
      .returning();
    await tx.insert(associations).values([{ name: 'Sportbond Midden-Nederland' }, { name: 'Gezond Zwolle' }]);
    const [supplier] = await tx
      .insert(suppliers)
      .values([{ name: 'FitSupply Nederland' }])
      .returning();
    await tx.insert(contentEnvironments).values([{ name: 'Vitaal Kennisbank' }]);

    const person = async (
      email: string,
      role: (typeof users.$inferInsert)['role'],
      first: string,
      insertion: string | null,
      last: string,
    ) => ({
      email,
      role,
      firstName: first,
      insertion,
      lastName: last,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    const [, gymUser, locationUser, employerUser, supplierUser] = await tx
      .insert(users)
      .values([
        await person(demoAccounts.admin, 'Admin', 'Sanne', 'de', 'Vries'),
        await person(demoAccounts.gym, 'Employee', 'Jeroen', null, 'Bakker'),
        await person(demoAccounts.location, 'Employee', 'Fatima', 'el', 'Amrani'),
        await person(demoAccounts.employer, 'Employer', 'Pieter', 'van den', 'Berg'),
        await person(demoAccounts.supplier, 'Supplier', 'Lotte', null, 'Visser'),
        await person(demoAccounts.content, 'ContentCreator', 'Daan', null, 'Smit'),
      ])
      .returning();

    await tx
      .insert(gymRightGrants)
      .values(gymRights.map((right) => ({ userId: gymUser!.id, gymId: vitaal!.id, right })));
    await tx
      .insert(locationRightGrants)
      .values(locationRights.map((right) => ({ userId: locationUser!.id, locationId: utrecht!.id, right })));
    await tx.insert(employerUsers).values({ employerId: employer!.id, userId: employerUser!.id });
    await tx.insert(supplierUsers).values({ supplierId: supplier!.id, userId: supplierUser!.id });

    await tx.insert(locationAreas).values([
      { locationId: utrecht!.id, name: 'Grote zaal', sameAddressAsLocation: true },
      { locationId: utrecht!.id, name: 'Spinningzaal', sameAddressAsLocation: true },
      {
        locationId: utrecht!.id,
        name: 'Bootcamp Griftpark',
        sameAddressAsLocation: false,
        street: 'Griftpark',
        houseNumber: '1',
        postalCode: '3514 EZ',
        city: 'Utrecht',
      },
      { locationId: amersfoort!.id, name: 'Yogastudio', sameAddressAsLocation: true },
      { locationId: zwolle!.id, name: 'Krachthonk', sameAddressAsLocation: true },
    ]);
  });
  await seedRights(db);
  await seedEmployees(db);
  await seedEmployerEmployees(db, { withAccounts: app !== undefined });
  await seedEmployerSettings(db);
  await seedLocationSettings(db);
  await seedMembers(db);
  await seedInvoices(db);
  await seedAssociations(db);
  await seedSuppliers(db);
  // After the suppliers (FitSupply Nederland's products; images need the app's file store).
  if (app) await seedFitnessProducts(db, app.files);
  // After the products: the location's orders of the accepted ones (none without them).
  await seedProductOrders(db);
  await seedChallengeTemplates(db);
  // Pictures first: the demo challenges copy their template with its banner.
  if (app) await seedPictures(db, app.files);
  await seedChallenges(db);
  // After the challenges (rewards) and before the store (redemptions spend the grants).
  await seedXp(db);
  if (app) await seedStore(db, app.files);
  return true;
}
