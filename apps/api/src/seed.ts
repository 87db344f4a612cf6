/**
 * `npm run seed`: migrate and create the demo data on the configured database (DATABASE_URL, or the
 * embedded one). Does nothing when users already exist; refused in production.
 */
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { createDiskFileStore } from './platform/files/file-store.ts';
import { seedDemoData } from './seed/demo.ts';

const config = loadConfig();
if (config.isProduction) {
  console.error(
    'npm run seed is refused with NODE_ENV=production: the demo accounts have a published password.',
  );
  process.exit(1);
}
const database = await openDatabase(config);
const files = { db: database.db, store: createDiskFileStore(config.filesDir) };
await database.migrate();
console.log(
  (await seedDemoData(database.db, { files }))
    ? 'Demo data created.'
    : 'Users exist already; nothing seeded.',
);
await database.close();
