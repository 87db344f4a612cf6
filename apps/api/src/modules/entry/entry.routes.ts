import { entryEndpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './entry.service.ts';

export function entryRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(entryEndpoints.list, ({ session, query }) => service.listEntries(db, session, query)),
    route(entryEndpoints.create, ({ session, body, actor }) => service.createEntry(db, session, body, actor)),
    route(entryEndpoints.update, ({ session, body, actor }) => service.updateEntry(db, session, body, actor)),
    route(entryEndpoints.exit, ({ session, params, actor }) =>
      service.recordExit(db, session, params.id, actor),
    ),
    route(entryEndpoints.remove, ({ session, params, actor }) =>
      service.deleteEntry(db, session, params.id, actor),
    ),
    route(entryEndpoints.checkIn, ({ session, body, actor }) =>
      service.checkIn(db, session, body.qrCode, actor),
    ),
    route(entryEndpoints.attempts, ({ session, query }) => service.listAttempts(db, session, query)),
    route(entryEndpoints.approve, ({ session, params, actor }) =>
      service.approveAttempt(db, session, params.id, actor),
    ),
    route(entryEndpoints.inside, ({ session, params, query }) =>
      service.listInside(db, session, params.id, query),
    ),
  ];
}
