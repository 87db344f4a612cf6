import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, orderBy, pagedList } from '../../platform/http/paging.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { employerAddresses, employerContacts } from '../employer/employer.tables.ts';
import { employers, employerUsers, gyms, locations } from '../organisation/organisation.tables.ts';
import { invitations } from '../registration/registration.tables.ts';
import { storeItems } from '../store/store.tables.ts';
import { users } from '../user/user.tables.ts';
import { xpAccounts } from '../xp/xp.tables.ts';

const employerColumns = {
  id: employers.id,
  name: employers.name,
  description: employers.description,
  personnelNumber: employers.personnelNumber,
  logoHash: employers.logoHash,
  accessFitness: employers.accessFitness,
  accessHomeTraining: employers.accessHomeTraining,
  accessOnlineSports: employers.accessOnlineSports,
  accessAssociations: employers.accessAssociations,
  invoiceEmail: employers.invoiceEmail,
  contractType: employers.contractType,
  contractDuration: employers.contractDuration,
  extensionYears: employers.extensionYears,
  contributionCents: employers.contributionCents,
};
export type EmployerRow = { [K in keyof typeof employerColumns]: (typeof employers.$inferSelect)[K] };

const addressColumns = {
  id: employerAddresses.id,
  addressType: employerAddresses.addressType,
  street: employerAddresses.street,
  houseNumber: employerAddresses.houseNumber,
  postalCode: employerAddresses.postalCode,
  city: employerAddresses.city,
  country: employerAddresses.country,
};

const contactColumns = {
  id: employerContacts.id,
  firstName: employerContacts.firstName,
  insertion: employerContacts.insertion,
  lastName: employerContacts.lastName,
  description: employerContacts.description,
  phoneNumber: employerContacts.phoneNumber,
  email: employerContacts.email,
  registrations: employerContacts.registrations,
  newsletters: employerContacts.newsletters,
  invoices: employerContacts.invoices,
};

export type AddressValues = Omit<typeof employerAddresses.$inferInsert, 'id' | 'employerId'>;
export type ContactValues = Omit<typeof employerContacts.$inferInsert, 'id' | 'employerId'>;
export type GeneralValues = Pick<
  typeof employers.$inferInsert,
  | 'name'
  | 'description'
  | 'personnelNumber'
  | 'logoHash'
  | 'accessFitness'
  | 'accessHomeTraining'
  | 'accessOnlineSports'
  | 'accessAssociations'
  | 'invoiceEmail'
>;
export type FinancialValues = Pick<
  typeof employers.$inferInsert,
  'contractType' | 'contractDuration' | 'extensionYears' | 'contributionCents'
>;

/** The employer's row; with `lock`, locked for the rest of the transaction (one save at a time). */
export const findEmployer = async (db: Database, id: number, lock = false) => {
  const query = db.select(employerColumns).from(employers).where(eq(employers.id, id));
  return (await (lock ? query.for('no key update') : query))[0];
};

/** Its addresses (billing first) and contact persons, in the order they were entered. */
export async function listsOf(db: Database, employerId: number) {
  const [addresses, contacts] = await Promise.all([
    db
      .select(addressColumns)
      .from(employerAddresses)
      .where(eq(employerAddresses.employerId, employerId))
      .orderBy(asc(employerAddresses.addressType), asc(employerAddresses.id)),
    db
      .select(contactColumns)
      .from(employerContacts)
      .where(eq(employerContacts.employerId, employerId))
      .orderBy(asc(employerContacts.id)),
  ]);
  return { addresses, contacts };
}

export const updateGeneral = (db: Database, id: number, values: GeneralValues) =>
  db
    .update(employers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(employers.id, id));

export const updateFinancial = (db: Database, id: number, values: FinancialValues) =>
  db
    .update(employers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(employers.id, id));

/** Replaces the addresses and contact persons (the employer's row is locked by the caller). */
export async function replaceLists(
  db: Database,
  employerId: number,
  addresses: readonly AddressValues[],
  contacts: readonly ContactValues[],
) {
  await db.delete(employerAddresses).where(eq(employerAddresses.employerId, employerId));
  await db.delete(employerContacts).where(eq(employerContacts.employerId, employerId));
  if (addresses.length > 0) {
    await db.insert(employerAddresses).values(addresses.map((address) => ({ ...address, employerId })));
  }
  if (contacts.length > 0) {
    await db.insert(employerContacts).values(contacts.map((contact) => ({ ...contact, employerId })));
  }
}

// ------------------------------------------------------------------------------------------- pickers

/** Employers by name (the unique index on lower(name) serves the order); `onlyFor`: those a user acts for. */
export function listOptions(db: Database, query: ListQuery, onlyFor: number | null) {
  const where = and(
    query.search ? ilike(employers.name, likePattern(query.search)) : undefined,
    onlyFor === null
      ? undefined
      : inArray(
          employers.id,
          db
            .select({ id: employerUsers.employerId })
            .from(employerUsers)
            .where(eq(employerUsers.userId, onlyFor)),
        ),
  );
  return pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select({ id: employers.id, name: employers.name })
        .from(employers)
        .where(where)
        .orderBy(...orderBy(query, { name: sql`lower(${employers.name})` }, 'name', employers.id))
        .limit(limit)
        .offset(offset),
    db.select({ one: sql`1` }).from(employers).where(where),
  );
}

/** Locations shown on the public sign-up pages, with their gym; searched on name, city, postal code, gym. */
export function listVisibleLocations(db: Database, query: ListQuery) {
  const filters: (SQL | undefined)[] = [eq(locations.visibleOnRegistrationPage, true)];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      or(
        ilike(locations.name, pattern),
        ilike(locations.city, pattern),
        ilike(locations.postalCode, pattern),
        ilike(gyms.name, pattern),
      ),
    );
  }
  const where = and(...filters);
  return pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select({
          id: locations.id,
          name: locations.name,
          gymId: gyms.id,
          gymName: gyms.name,
          street: locations.street,
          houseNumber: locations.houseNumber,
          postalCode: locations.postalCode,
          city: locations.city,
        })
        .from(locations)
        .innerJoin(gyms, eq(gyms.id, locations.gymId))
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            {
              name: sql`lower(${locations.name})`,
              city: sql`lower(${locations.city})`,
              gymName: sql`lower(${gyms.name})`,
            },
            'name',
            locations.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    db.select({ one: sql`1` }).from(locations).innerJoin(gyms, eq(gyms.id, locations.gymId)).where(where),
  );
}

// ------------------------------------------------------------------------------------------ involvements

/** The counts of what the employer is involved in (each over an index on its employer). */
export async function involvements(db: Database, employerId: number) {
  const total = async (rows: Promise<{ value: number }[]>) => (await rows)[0]?.value ?? 0;
  const [userCount, openInvitations, challengeCount, activeChallenges, storeItemCount, account] =
    await Promise.all([
      total(
        db
          .select({ value: count() })
          .from(employerUsers)
          .innerJoin(users, eq(users.id, employerUsers.userId))
          .where(and(eq(employerUsers.employerId, employerId), isNull(users.deletedAt))),
      ),
      total(
        db
          .select({ value: count() })
          .from(invitations)
          .where(
            and(
              eq(invitations.employerId, employerId),
              eq(invitations.kind, 'employerEmployee'),
              inArray(invitations.status, ['pending', 'registered']),
            ),
          ),
      ),
      total(db.select({ value: count() }).from(challenges).where(eq(challenges.employerId, employerId))),
      total(
        db
          .select({ value: count() })
          .from(challenges)
          .where(and(eq(challenges.employerId, employerId), eq(challenges.isActive, true))),
      ),
      total(db.select({ value: count() }).from(storeItems).where(eq(storeItems.employerId, employerId))),
      db
        .select({ balance: xpAccounts.balance })
        .from(xpAccounts)
        .where(eq(xpAccounts.employerId, employerId)),
    ]);
  return {
    users: userCount,
    openInvitations,
    challenges: challengeCount,
    activeChallenges,
    storeItems: storeItemCount,
    xpBalance: Number(account[0]?.balance ?? 0),
  };
}

/** The employer's kept number of employees (triggers keep it, migration 0022); undefined: no such employer. */
export const findEmployerCount = async (db: Database, id: number) =>
  (
    await db.select({ employeeCount: employers.employeeCount }).from(employers).where(eq(employers.id, id))
  )[0];
