import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { appSettings } from './settings.tables.ts';

/** A value generated once and then shared by every instance on the same database. */
export async function generatedSetting(db: Database, key: string, bytes = 48): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`setting ${key} missing`);
  return row.value;
}
