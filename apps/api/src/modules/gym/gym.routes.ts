import { gymEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './gym.service.ts';

export function gymRoutes(deps: { db: Database; files: FilesDeps }) {
  const { db, files } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listGyms(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getGym(db, session, params.id)),
    route(endpoints.getPublic, ({ params }) => service.getPublicGym(db, params.id)),
    route(endpoints.create, ({ session, body, request }) => service.createGym(db, session, body, request.id)),
    route(endpoints.update, ({ session, body, request }) => service.updateGym(db, session, body, request.id)),
    route(endpoints.remove, ({ session, body, request }) =>
      service.deleteGym(db, session, body.id, request.id),
    ),
    route(endpoints.invoiceDetails, ({ session, params }) =>
      service.getInvoiceDetails(db, session, params.id),
    ),
    route(endpoints.updateInvoiceDetails, ({ session, body, request }) =>
      service.updateInvoiceDetails(db, session, body, request.id),
    ),
    route(endpoints.registrationSettings, ({ session, params }) =>
      service.getRegistrationSettings(db, session, params.id),
    ),
    route(endpoints.updateRegistration, ({ session, form, request }) =>
      service.updateRegistration(db, files, session, form, request.id),
    ),
    route(endpoints.removeBanner, ({ session, params, request }) =>
      service.setBanner(db, session, params.id, null, request.id),
    ),
  ];
}
