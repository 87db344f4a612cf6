import { employerEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import * as service from './employer.service.ts';

export function employerRoutes(deps: service.EmployerDeps) {
  const { db } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listEmployers(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getEmployer(deps, session, params.id)),
    route(endpoints.create, ({ session, body, request }) =>
      service.createEmployer(deps, session, body, request.id),
    ),
    route(endpoints.update, ({ session, body, request }) =>
      service.renameEmployer(db, session, body, request.id),
    ),
    route(endpoints.remove, ({ session, params, request }) =>
      service.deleteEmployer(db, session, params.id, request.id),
    ),
    route(endpoints.invite, ({ session, params, body }) =>
      service.inviteContact(deps, session, params.id, body.email),
    ),
    route(endpoints.resendInvitation, ({ session, params }) =>
      service.resendInvitation(deps, session, params.id, params.invitationId),
    ),
    route(endpoints.cancelInvitation, ({ session, params }) =>
      service.cancelInvitation(deps, session, params.id, params.invitationId),
    ),
  ];
}
