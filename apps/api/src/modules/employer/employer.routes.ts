import { employerEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import * as service from './employer.service.ts';

export function employerRoutes(deps: service.EmployerDeps) {
  const { db } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listEmployers(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getEmployer(deps, session, params.id)),
    route(endpoints.create, ({ session, body, actor }) => service.createEmployer(deps, session, body, actor)),
    route(endpoints.update, ({ body, actor }) => service.renameEmployer(db, body, actor)),
    route(endpoints.remove, ({ params, actor }) => service.deleteEmployer(db, params.id, actor)),
    route(endpoints.invite, ({ session, params, body, actor }) =>
      service.inviteContact(deps, session, params.id, body.email, actor),
    ),
    route(endpoints.resendInvitation, ({ session, params, actor }) =>
      service.resendInvitation(deps, session, params.id, params.invitationId, actor),
    ),
    route(endpoints.cancelInvitation, ({ params, actor }) =>
      service.cancelInvitation(deps, params.id, params.invitationId, actor),
    ),
  ];
}
