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
    route(endpoints.create, ({ session, form, actor }) =>
      service.createAssociation(db, files, session, form, actor),
    ),
    route(endpoints.update, ({ session, form, actor }) =>
      service.updateAssociation(db, files, session, form, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      service.deleteAssociation(db, session, params.id, actor),
    ),
    route(endpoints.addLocation, ({ session, body, actor }) => service.addLocation(db, session, body, actor)),
    route(endpoints.removeLocation, ({ session, body, actor }) =>
      service.removeLocation(db, session, body, actor),
    ),
  ];
}
