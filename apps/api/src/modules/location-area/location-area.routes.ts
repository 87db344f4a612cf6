import { locationAreaEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './location-area.service.ts';

export function locationAreaRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listLocationAreas(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getLocationArea(db, session, params.id)),
    route(endpoints.create, ({ session, body, actor }) =>
      service.createLocationArea(db, session, body, actor),
    ),
    route(endpoints.update, ({ session, body, actor }) =>
      service.updateLocationArea(db, session, body, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      service.deleteLocationArea(db, session, params.id, actor),
    ),
  ];
}
