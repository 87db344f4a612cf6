/**
 * The server process as main.ts wires it (database, app, mail worker, session clean-up, the same shutdown on SIGTERM), plus a
 * slow route, so that a test can stop it with a request in flight. No demo data.
 */
import { endpoint, policy } from '@xp/contracts';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { createSessionCleanup } from '../modules/account/session-cleanup.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { route } from '../platform/http/route.ts';
import { createLifecycle, createShutdown, shutdownOnSignals } from '../platform/lifecycle.ts';
import { createMailTransport } from '../platform/mail/transport.ts';
import { createMailWorker } from '../platform/mail/worker.ts';

const slowEndpoint = endpoint({
  method: 'GET',
  path: '/test-only/slow',
  policy: policy.public,
  summary: 'Answers after `ms` milliseconds',
  tags: ['test'],
  query: z.object({ ms: z.coerce.number().int().min(0).max(10_000) }),
  response: z.object({ waitedMs: z.number() }),
});
const slowRoute = route(slowEndpoint, async ({ query }) => {
  await new Promise((resolve) => setTimeout(resolve, query.ms));
  return { waitedMs: query.ms };
});

const config = loadConfig();
const mailTransport = createMailTransport(config);
const database = await openDatabase(config);
await database.migrate();
const lifecycle = createLifecycle();
const app = await buildApp({ config, db: database.db, lifecycle, extraRoutes: [slowRoute] });
await app.listen({ port: config.port, host: config.host });
const mailWorker = createMailWorker({ db: database.db, transport: mailTransport, logger: app.log });
mailWorker.start();
const sessionCleanup = createSessionCleanup({ db: database.db, logger: app.log });
sessionCleanup.start();
shutdownOnSignals(
  createShutdown({
    lifecycle,
    app,
    mailWorker,
    jobs: [sessionCleanup],
    mailTransport,
    database,
    drainDelayMs: config.drainDelayMs,
  }),
);
