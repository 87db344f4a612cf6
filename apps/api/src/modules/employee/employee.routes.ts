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
    route(gym.remove, ({ session, params, actor }) =>
      service.removeGymEmployee(db, session, params.employeeId, actor),
    ),
    route(invitations.list, ({ session, query }) => service.listInvitations(deps, session, query)),
    route(invitations.create, ({ session, body, actor }) =>
      service.inviteEmployee(deps, session, body.email, actor),
    ),
    route(invitations.resend, ({ session, params, actor }) =>
      service.resendInvitation(deps, session, params.id, actor),
    ),
    route(invitations.cancel, ({ session, params, actor }) =>
      service.cancelInvitation(deps, session, params.id, actor),
    ),
    route(location.list, ({ session, params, query }) =>
      service.listLocationEmployees(db, session, params.id, query),
    ),
    route(location.get, ({ session, params }) =>
      service.getLocationEmployee(db, session, params.id, params.employeeId),
    ),
    route(location.knownUsers, ({ session, query }) => service.listKnownUsers(db, session, query)),
    route(location.add, ({ session, params, body, actor }) =>
      service.addLocationEmployees(db, session, params.id, body, actor),
    ),
    route(location.remove, ({ session, params, actor }) =>
      service.removeLocationEmployee(db, session, params.id, params.employeeId, actor),
    ),
  ];
}
