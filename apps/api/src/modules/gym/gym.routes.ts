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
    route(endpoints.create, ({ body, actor }) => service.createGym(db, body, actor)),
    route(endpoints.update, ({ session, body, actor }) => service.updateGym(db, session, body, actor)),
    route(endpoints.remove, ({ body, actor }) => service.deleteGym(db, body.id, actor)),
    route(endpoints.invoiceDetails, ({ session, params }) =>
      service.getInvoiceDetails(db, session, params.id),
    ),
    route(endpoints.updateInvoiceDetails, ({ session, body, actor }) =>
      service.updateInvoiceDetails(db, session, body, actor),
    ),
    route(endpoints.registrationSettings, ({ session, params }) =>
      service.getRegistrationSettings(db, session, params.id),
    ),
    route(endpoints.updateRegistration, ({ session, form, actor }) =>
      service.updateRegistration(db, files, session, form, actor),
    ),
    route(endpoints.removeBanner, ({ session, params, actor }) =>
      service.setBanner(db, session, params.id, null, actor),
    ),
  ];
}
