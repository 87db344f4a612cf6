import { DAY_MS } from '@xp/contracts/dates';
import { and, eq, inArray } from 'drizzle-orm';
import { employerEmployees, employers } from '../modules/organisation/organisation.tables.ts';
import { invitations } from '../modules/registration/registration.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import { hashPassword } from '../platform/auth/password.ts';
import { newOpaqueToken, sha256 } from '../platform/auth/tokens.ts';
import type { Database } from '../platform/db/client.ts';
import { DEMO_PASSWORD } from './demo-password.ts';

/** Employees of Bakkerij Jansen (accounts of their own; they sign in with the demo password). */
const employees = [
  {
    email: 'anouk.jansen@example.com',
    firstName: 'Anouk',
    insertion: null,
    lastName: 'Jansen',
    phone: '0612345678',
    daysAgo: 120,
  },
  {
    email: 'mohamed.elidrissi@example.com',
    firstName: 'Mohamed',
    insertion: 'el',
    lastName: 'Idrissi',
    phone: null,
    daysAgo: 64,
  },
  {
    email: 'lisa.vandam@example.com',
    firstName: 'Lisa',
    insertion: 'van',
    lastName: 'Dam',
    phone: '0687654321',
    daysAgo: 30,
  },
  {
    email: 'tom.peters@example.com',
    firstName: 'Tom',
    insertion: null,
    lastName: 'Peters',
    phone: null,
    daysAgo: 7,
  },
];

/** Open invitations of Bakkerij Jansen: two recent, one expired (to resend). */
const invited = [
  { email: 'nieuwe.bakker@example.com', daysAgo: 2 },
  { email: 'stagiair@example.com', daysAgo: 5 },
  { email: 'oud.verzoek@example.com', daysAgo: 20 },
];

/**
 * Demo employees and open invitations of Bakkerij Jansen B.V., invited by werkgever@example.com. The
 * employees are new accounts, so only with `withAccounts` (the app's demo data; the tests' template
 * counts the demo users). Skips whatever exists already.
 */
export async function seedEmployerEmployees(db: Database, { withAccounts }: { withAccounts: boolean }) {
  const [jansen] = await db.select().from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.'));
  const [inviter] = await db.select().from(users).where(eq(users.email, 'werkgever@example.com'));
  if (!jansen || !inviter) return;

  const open = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(
      and(
        eq(invitations.kind, 'employerEmployee'),
        eq(invitations.employerId, jansen.id),
        inArray(
          invitations.email,
          invited.map((entry) => entry.email),
        ),
      ),
    );
  const known = new Set(open.map((row) => row.email));
  const now = Date.now();
  const newInvitations = invited
    .filter((entry) => !known.has(entry.email))
    .map((entry) => ({
      kind: 'employerEmployee' as const,
      email: entry.email,
      codeHash: sha256(newOpaqueToken()),
      invitedByUserId: inviter.id,
      employerId: jansen.id,
      createdAt: new Date(now - entry.daysAgo * DAY_MS),
      expiresAt: new Date(now + (14 - entry.daysAgo) * DAY_MS),
    }));
  if (newInvitations.length > 0) await db.insert(invitations).values(newInvitations);

  if (!withAccounts) return;
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        employees.map((entry) => entry.email),
      ),
    );
  const taken = new Set(existing.map((row) => row.email));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const entry of employees.filter((employee) => !taken.has(employee.email))) {
    const [user] = await db
      .insert(users)
      .values({
        email: entry.email,
        role: 'Employee',
        firstName: entry.firstName,
        insertion: entry.insertion,
        lastName: entry.lastName,
        phoneNumber: entry.phone,
        passwordHash,
      })
      .returning({ id: users.id });
    await db
      .insert(employerEmployees)
      .values({ employerId: jansen.id, userId: user!.id, createdAt: new Date(now - entry.daysAgo * DAY_MS) });
  }
}
