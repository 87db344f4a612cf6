import { and, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import { type ListQuery, likePattern, orderBy, pagedList } from '../../platform/http/paging.ts';
import {
  employerEmployees,
  employers,
  employerUsers,
  gymEmployees,
  gyms,
  suppliers,
  supplierUsers,
} from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { invitations } from './registration.tables.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export const findByCodeHash = async (db: Database, codeHash: string) =>
  (
    await db
      .select({
        invitation: invitations,
        isExpired: sql<boolean>`${invitations.expiresAt} < now()`,
        organisationName: sql<string | null>`coalesce(${gyms.name}, ${employers.name}, ${suppliers.name})`,
        inviterName: fullNameSql(users),
      })
      .from(invitations)
      .leftJoin(gyms, eq(gyms.id, invitations.gymId))
      .leftJoin(employers, eq(employers.id, invitations.employerId))
      .leftJoin(suppliers, eq(suppliers.id, invitations.supplierId))
      .leftJoin(users, eq(users.id, invitations.invitedByUserId))
      .where(eq(invitations.codeHash, codeHash))
  )[0];

export const findById = async (db: Database, id: number) =>
  (await db.select().from(invitations).where(eq(invitations.id, id)))[0];

export const emailIsRegistered = async (db: Database, email: string) =>
  (await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`)).length >
  0;

/** The role of the account with this address; undefined when there is none. */
export const roleOfEmail = async (db: Database, email: string) =>
  (await db.select({ role: users.role }).from(users).where(sql`lower(${users.email}) = lower(${email})`))[0]
    ?.role;

/** An open invitation of this kind for the address from the same organisation (as the unique index). */
export const hasOpenInvitation = async (
  db: Database,
  kind: InvitationRow['kind'],
  email: string,
  organisation: {
    gymId?: number | undefined;
    employerId?: number | undefined;
    supplierId?: number | undefined;
  },
) =>
  (
    await db
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.kind, kind),
          sql`lower(${invitations.email}) = lower(${email})`,
          sql`coalesce(${invitations.gymId}, 0) = ${organisation.gymId ?? 0}`,
          sql`coalesce(${invitations.employerId}, 0) = ${organisation.employerId ?? 0}`,
          sql`coalesce(${invitations.supplierId}, 0) = ${organisation.supplierId ?? 0}`,
          sql`${invitations.status} in ('pending', 'registered')`,
        ),
      )
  ).length > 0;

export const insertInvitation = async (db: Database, values: typeof invitations.$inferInsert) =>
  (await db.insert(invitations).values(values).returning())[0]!;

export const updateInvitation = async (
  db: Database,
  id: number,
  values: Partial<typeof invitations.$inferInsert>,
) => (await db.update(invitations).set(values).where(eq(invitations.id, id)).returning())[0]!;

/** Answers a pending invitation; undefined when it was not pending any more. */
export const answerInvitation = async (
  db: Database,
  id: number,
  values: Partial<typeof invitations.$inferInsert>,
) =>
  (
    await db
      .update(invitations)
      .set(values)
      .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
      .returning()
  )[0];

export const insertUser = async (db: Database, values: typeof users.$inferInsert) =>
  (await db.insert(users).values(values).returning())[0]!;

export const linkEmployer = (db: Database, employerId: number, userId: number) =>
  db.insert(employerUsers).values({ employerId, userId }).onConflictDoNothing();

export const linkEmployee = (db: Database, employerId: number, userId: number) =>
  db.insert(employerEmployees).values({ employerId, userId }).onConflictDoNothing();

/** The address belongs to an employee of the employer already. */
export const isEmployeeOf = async (db: Database, employerId: number, email: string) =>
  (
    await db
      .select({ userId: employerEmployees.userId })
      .from(employerEmployees)
      .innerJoin(users, eq(users.id, employerEmployees.userId))
      .where(and(eq(employerEmployees.employerId, employerId), sql`lower(${users.email}) = lower(${email})`))
  ).length > 0;

export const linkGymEmployee = (db: Database, gymId: number, userId: number) =>
  db.insert(gymEmployees).values({ gymId, userId }).onConflictDoNothing();

/** The address belongs to an employee of the gym already. */
export const isGymEmployee = async (db: Database, gymId: number, email: string) =>
  (
    await db
      .select({ userId: gymEmployees.userId })
      .from(gymEmployees)
      .innerJoin(users, eq(users.id, gymEmployees.userId))
      .where(and(eq(gymEmployees.gymId, gymId), sql`lower(${users.email}) = lower(${email})`))
  ).length > 0;

export const linkSupplier = (db: Database, supplierId: number, userId: number) =>
  db.insert(supplierUsers).values({ supplierId, userId }).onConflictDoNothing();

/** Which invitations of a kind a list or action is about: all of them, or those of one gym or employer. */
export interface InvitationScope {
  kind: InvitationRow['kind'];
  gymId?: number;
  employerId?: number;
}

/** Open invitations of one kind (and gym or employer), paged and searched in SQL. */
export async function listOpen(db: Database, scope: InvitationScope, query: ListQuery) {
  const where = and(
    eq(invitations.kind, scope.kind),
    eq(invitations.status, 'pending'),
    scope.gymId === undefined ? undefined : eq(invitations.gymId, scope.gymId),
    scope.employerId === undefined ? undefined : eq(invitations.employerId, scope.employerId),
    query.search ? ilike(invitations.email, likePattern(query.search)) : undefined,
  );
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      return db
        .select({
          id: invitations.id,
          email: invitations.email,
          createdAt: invitations.createdAt,
          expiresAt: invitations.expiresAt,
          isExpired: sql<boolean>`${invitations.expiresAt} < now()`,
          invitedBy: fullNameSql(users),
        })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.invitedByUserId))
        .where(where)
        .orderBy(
          ...orderBy(
            // Newest first unless the user sorts otherwise.
            query.sort ? query : { ...query, sort: 'createdAt', direction: 'desc' },
            {
              email: sql`lower(${invitations.email})`,
              createdAt: invitations.createdAt,
              expiresAt: invitations.expiresAt,
            },
            'createdAt',
            invitations.id,
          ),
        )
        .limit(limit)
        .offset(offset);
    },
    db.select({ one: sql`1` }).from(invitations).where(where),
  );
}
