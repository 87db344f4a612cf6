import { locationEndpoints as endpoints } from '@xp/contracts';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './location.service.ts';
import * as openingHours from './location-opening-hours.service.ts';
import * as payment from './location-payment.service.ts';

export function locationRoutes(deps: { db: Database; secrets: SecretBox; isProduction: boolean }) {
  const { db, secrets, isProduction } = deps;
  const keys = { db, box: secrets, isProduction };
  return [
    route(endpoints.list, ({ session, query }) => service.listLocations(db, session, query)),
    route(endpoints.publicList, ({ query }) => service.listPublicLocations(db, query)),
    route(endpoints.get, ({ session, params }) => service.getLocation(db, session, params.id)),
    route(endpoints.create, ({ session, body, actor }) => service.createLocation(db, session, body, actor)),
    route(endpoints.update, ({ session, body, actor }) => service.updateLocation(db, session, body, actor)),
    route(endpoints.issueQrCode, ({ session, params, actor }) =>
      service.issueQrCode(db, session, params.id, actor),
    ),
    route(endpoints.editStatusRequirements, ({ session, params, body, actor }) =>
      service.editStatusRequirements(db, session, params.id, body, actor),
    ),
    route(endpoints.getPaymentProvider, ({ session, params }) =>
      payment.getPaymentProvider(db, session, params.id),
    ),
    route(endpoints.addPaymentProvider, ({ session, params, body, actor }) =>
      payment.addPaymentProvider(keys, session, params.id, body, actor),
    ),
    route(endpoints.updatePaymentProvider, ({ session, params, body, actor }) =>
      payment.updatePaymentProvider(keys, session, params.id, body, actor),
    ),
    route(endpoints.saveOpeningHours, ({ session, body, actor }) =>
      openingHours.saveOpeningHours(db, session, body, actor),
    ),
    route(endpoints.getOpeningHours, ({ session, params }) =>
      openingHours.getOpeningHours(db, session, params.id),
    ),
  ];
}
