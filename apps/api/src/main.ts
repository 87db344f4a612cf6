import { type AppServices, buildApp } from './app.ts';
import { createSessionCleanup } from './modules/account/session-cleanup.ts';
import { createBillingJob } from './modules/billing/billing-run.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { createDiskFileStore } from './platform/files/file-store.ts';
import { createLifecycle, createShutdown, shutdownOnSignals } from './platform/lifecycle.ts';
import { describeFatalError } from './platform/log.ts';
import { createMailTransport } from './platform/mail/transport.ts';
import { createMailWorker } from './platform/mail/worker.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed/demo.ts';
import { refuseDemoPasswordsInProduction, shouldSeedDemoData } from './seed/demo-policy.ts';

// Node would print an uncaught error whole (a failed query's values too): print only what may be logged.
process.on('uncaughtException', (error) => {
  console.error(`fatal: ${describeFatalError(error)}`);
  process.exit(1);
});

const config = loadConfig();
// Before anything else: production refuses to start without SMTP.
const mailTransport = createMailTransport(config);
const database = await openDatabase(config);
await database.migrate();
let isDemoSeeded = false;
if (shouldSeedDemoData({ isProduction: config.isProduction, seedDemo: config.seedDemo, database })) {
  isDemoSeeded = await seedDemoData(database.db, {
    files: { db: database.db, store: createDiskFileStore(config.filesDir) },
  });
  if (isDemoSeeded) console.log('Demo data created.');
}
if (config.isProduction) await refuseDemoPasswordsInProduction(database.db);

const lifecycle = createLifecycle();
let services: AppServices | undefined;
const app = await buildApp({
  config,
  db: database.db,
  lifecycle,
  onServices: (made) => {
    services = made;
  },
});
await app.listen({ port: config.port, host: config.host });
const mailWorker = createMailWorker({ db: database.db, transport: mailTransport, logger: app.log });
mailWorker.start();
const sessionCleanup = createSessionCleanup({ db: database.db, logger: app.log });
sessionCleanup.start();
const billingJob = createBillingJob({
  db: database.db,
  payments: services!.payments,
  links: services!.links,
  publicUrl: config.publicUrl,
  logger: app.log,
});
billingJob.start();

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`\nBack-office:  http://${shownHost}:${config.port}`);
console.log(`API docs:     http://${shownHost}:${config.port}/api/docs`);
if (mailTransport.kind === 'mailbox')
  console.log(`Mailbox:      http://${shownHost}:${config.port}/dev/mailbox (signed in as an admin)`);
if (isDemoSeeded || (!config.isProduction && database.kind === 'pglite' && config.seedDemo !== false)) {
  console.log(`Demo login:   admin@example.com / ${DEMO_PASSWORD} (more accounts in the README)\n`);
}

shutdownOnSignals(
  createShutdown({
    lifecycle,
    app,
    mailWorker,
    jobs: [sessionCleanup, billingJob],
    mailTransport,
    database,
    drainDelayMs: config.drainDelayMs,
  }),
);
