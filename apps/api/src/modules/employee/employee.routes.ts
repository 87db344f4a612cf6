import {
  gymEmployeeEndpoints as gym,
  gymEmployeeInvitationEndpoints as invitations,
  locationEmployeeEndpoints as location,
} from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import * as service from './employee.service.ts';

export function employeeRoutes(deps: service.EmployeeDeps) {
  const { db } = deps;
  return [
    route(gym.list, ({ session, query }) => service.listGymEmployees(db, session, query)),
    route(gym.get, ({ session, params }) => service.getGymEmployee(db, session, params.employeeId)),
    route(gym.remove, ({ session, params, request }) =>
      service.removeGymEmployee(db, session, params.employeeId, request.id),
    ),
    route(invitations.list, ({ session, query }) => service.listInvitations(deps, session, query)),
    route(invitations.create, ({ session, body }) => service.inviteEmployee(deps, session, body.email)),
    route(invitations.resend, ({ session, params }) => service.resendInvitation(deps, session, params.id)),
    route(invitations.cancel, ({ session, params }) => service.cancelInvitation(deps, session, params.id)),
    route(location.list, ({ session, params, query }) =>
      service.listLocationEmployees(db, session, params.id, query),
    ),
    route(location.get, ({ session, params }) =>
      service.getLocationEmployee(db, session, params.id, params.employeeId),
    ),
    route(location.knownUsers, ({ session, query }) => service.listKnownUsers(db, session, query)),
    route(location.add, ({ session, params, body, request }) =>
      service.addLocationEmployees(db, session, params.id, body, request.id),
    ),
    route(location.remove, ({ session, params, request }) =>
      service.removeLocationEmployee(db, session, params.id, params.employeeId, request.id),
    ),
  ];
}
