import { employerSettingsEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './employer-settings.service.ts';

export function employerSettingsRoutes(deps: { db: Database; files: FilesDeps }) {
  const { db, files } = deps;
  return [
    route(endpoints.get, ({ session, params }) => service.getEmployerSettings(db, session, params.id)),
    route(endpoints.update, ({ session, form, actor }) =>
      service.updateEmployerSettings(db, files, session, form, actor),
    ),
    route(endpoints.updateFinancial, ({ session, body, actor }) =>
      service.updateFinancialSettings(db, session, body, actor),
    ),
    route(endpoints.sort, ({ session, query }) => service.listEmployerOptions(db, session, query)),
    route(endpoints.locations, ({ session, query }) => service.listEmployerLocations(db, session, query)),
    route(endpoints.involvements, ({ session, params }) =>
      service.getEmployerInvolvements(db, session, params.id),
    ),
  ];
}
