/**
 * `npm run create-admin -w apps/api -- <email> <first name> <last name>`: creates a platform admin on the
 * configured database; the password is read from ADMIN_PASSWORD (at least 10 characters).
 */
import { sql } from 'drizzle-orm';
import { users } from './modules/user/user.tables.ts';
import { audit, systemActor } from './platform/audit/audit.ts';
import { hashPassword } from './platform/auth/password.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { inTransaction } from './platform/db/errors.ts';

const [email, firstName, lastName] = process.argv.slice(2);
const password = process.env.ADMIN_PASSWORD ?? '';
if (!email || !firstName || !lastName || password.length < 10) {
  console.error(
    'Usage: ADMIN_PASSWORD=... npm run create-admin -w apps/api -- <email> <first name> <last name>',
  );
  process.exit(2);
}
const database = await openDatabase(loadConfig());
await database.migrate();
const [taken] = await database.db
  .select({ id: users.id })
  .from(users)
  .where(sql`lower(${users.email}) = lower(${email})`);
if (taken) {
  console.error(`A user with ${email} exists already.`);
} else {
  const passwordHash = await hashPassword(password);
  await inTransaction(database.db, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, firstName, lastName, role: 'Admin', passwordHash })
      .returning({ id: users.id });
    // Made by the script on the server: audited as such (decision 023).
    await audit.write(tx, systemActor('create-admin'), 'User', created!.id, null, { role: 'Admin' });
  });
  console.log(`Admin ${email} created.`);
}
await database.close();
