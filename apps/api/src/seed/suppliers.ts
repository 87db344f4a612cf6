import { SupplierStatus } from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { and, eq } from 'drizzle-orm';
import { suppliers } from '../modules/organisation/organisation.tables.ts';
import { invitations } from '../modules/registration/registration.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import { newOpaqueToken, sha256 } from '../platform/auth/tokens.ts';
import type { Database } from '../platform/db/client.ts';

/** Demo company data (spec 001 section 3); fictitious numbers that pass the checks (KvK, BTW, IBAN). */
const fitSupply = {
  email: 'info@fitsupply.example.com',
  firstName: 'Lotte',
  insertion: null,
  lastName: 'Visser',
  address: 'Atoomweg',
  houseNumber: '50',
  zipcode: '3542 AB',
  city: 'Utrecht',
  country: 'Nederland',
  phoneNumber: '030 262 1234',
  kvkNumber: '30123456',
  btwNumber: 'NL812345678B01',
  bankAccountNumber: 'NL91ABNA0417164300',
};

const homeGym = {
  name: 'HomeGym Direct',
  email: 'aanmelding@homegym.example.com',
  firstName: 'Bram',
  insertion: 'van',
  lastName: 'Dijk',
  address: 'Stationsplein',
  houseNumber: '3',
  zipcode: '8011 CW',
  city: 'Zwolle',
  country: 'Nederland',
  phoneNumber: '038 421 5678',
  kvkNumber: '05123456',
  btwNumber: 'NL001234567B02',
  bankAccountNumber: 'NL44RABO0123456789',
};

/**
 * Demo suppliers: FitSupply Nederland (Active) with its full company data, and HomeGym Direct, added by
 * the platform and still Pending, with its open supplier invitation. Skips whatever exists already.
 */
export async function seedSuppliers(db: Database) {
  await db
    .update(suppliers)
    .set(fitSupply)
    .where(and(eq(suppliers.name, 'FitSupply Nederland')));
  const [existing] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.name, homeGym.name));
  if (existing) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).limit(1);
  const [added] = await db
    .insert(suppliers)
    .values({ ...homeGym, status: SupplierStatus.Pending, statusChangedAt: new Date() })
    .returning({ id: suppliers.id });
  await db.insert(invitations).values({
    kind: 'supplier',
    email: homeGym.email,
    codeHash: sha256(newOpaqueToken()),
    invitedByUserId: admin?.id ?? null,
    supplierId: added!.id,
    expiresAt: instantAfterDays(14),
  });
}
