import { and, isNotNull, sql } from 'drizzle-orm';
import { users } from '../modules/user/user.tables.ts';
import { verifyPassword } from '../platform/auth/password.ts';
import type { Database } from '../platform/db/client.ts';
import { DEMO_PASSWORD } from './demo-password.ts';

export interface DemoDataInput {
  isProduction: boolean;
  /** `SEED_DEMO`: unset, or what was asked for. */
  seedDemo: boolean | undefined;
  database: { kind: 'pglite' | 'postgres'; isNew: boolean };
}

/**
 * Whether this start creates the demo data (their password is published in the README). Production never
 * does (the configuration refuses `SEED_DEMO=true` there); `SEED_DEMO` decides elsewhere; unset, only a
 * new embedded database gets them: the first `npm start` of a development machine.
 */
export function shouldSeedDemoData({ isProduction, seedDemo, database }: DemoDataInput): boolean {
  if (isProduction) return false;
  return seedDemo ?? (database.kind === 'pglite' && database.isNew);
}

/** Every demo account has an example.com address (reserved, RFC 2606): no real user has one. */
const DEMO_DOMAIN = '%@example.com';
const MAX_CHECKED = 100;

/** The accounts of the demo data that still sign in with the published password. */
export async function demoAccountsWithPublishedPassword(db: Database): Promise<string[]> {
  const candidates = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(isNotNull(users.passwordHash), sql`lower(${users.email}) like ${DEMO_DOMAIN}`))
    .orderBy(users.id)
    .limit(MAX_CHECKED);
  const found: string[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, DEMO_PASSWORD)) found.push(candidate.email);
  }
  return found;
}

/** Production refuses to start while anyone can sign in with the published demo password. */
export async function refuseDemoPasswordsInProduction(db: Database): Promise<void> {
  const accounts = await demoAccountsWithPublishedPassword(db);
  if (accounts.length === 0) return;
  throw new Error(
    `NODE_ENV=production refuses to start: ${accounts.length} demo account(s) still have the published demo ` +
      `password (${accounts.join(', ')}). This database holds the demo data: use another one, or delete ` +
      'these accounts or change their passwords first.',
  );
}
