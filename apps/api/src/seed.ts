/**
 * `npm run seed`: migrate and create the demo data on the configured database (DATABASE_URL, or the
 * embedded one). Does nothing when users already exist.
 */
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { seedDemoData } from './seed/demo.ts';

const database = await openDatabase(loadConfig());
await database.migrate();
console.log(
  (await seedDemoData(database.db)) ? 'Demo data created.' : 'Users exist already; nothing seeded.',
);
await database.close();
