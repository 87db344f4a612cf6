import { associationEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './association.service.ts';

export function associationRoutes(deps: { db: Database; files: FilesDeps }) {
  const { db, files } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listAssociations(db, session, query)),
    route(endpoints.noAssociationLocations, ({ session, query }) =>
      service.listLocationsWithoutAssociation(db, session, query),
    ),
    route(endpoints.active, ({ session }) => service.getActiveAssociation(db, session)),
    route(endpoints.activeLocations, ({ session, query }) =>
      service.listActiveAssociationLocations(db, session, query),
    ),
    route(endpoints.get, ({ session, params }) => service.getAssociation(db, session, params.id)),
    route(endpoints.locations, ({ session, params, query }) =>
      service.listAssociationLocations(db, session, params.id, query),
    ),
    route(endpoints.create, ({ session, form, request }) =>
      service.createAssociation(db, files, session, form, request.id),
    ),
    route(endpoints.update, ({ session, form, request }) =>
      service.updateAssociation(db, files, session, form, request.id),
    ),
    route(endpoints.remove, ({ session, params, request }) =>
      service.deleteAssociation(db, session, params.id, request.id),
    ),
    route(endpoints.addLocation, ({ session, body, request }) =>
      service.addLocation(db, session, body, request.id),
    ),
    route(endpoints.removeLocation, ({ session, body, request }) =>
      service.removeLocation(db, session, body, request.id),
    ),
  ];
}
