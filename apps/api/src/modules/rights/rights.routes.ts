import { rightsGroupEndpoints as groups, rightsEndpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './rights.service.ts';
import * as groupService from './rights-group.service.ts';

export function rightsRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(rightsEndpoints.getGymEmployee, ({ session, params }) =>
      service.getGymEmployeeRights(db, session, params.employeeId),
    ),
    route(rightsEndpoints.updateGymEmployee, ({ session, params, body, actor }) =>
      service.updateGymEmployeeRights(db, session, params.employeeId, body, actor),
    ),
    route(rightsEndpoints.locationMatrix, ({ session, params, query }) =>
      service.locationMatrix(db, session, params.id, query),
    ),
    route(rightsEndpoints.getLocationEmployee, ({ session, params }) =>
      service.getLocationEmployeeRights(db, session, params.id, params.employeeId),
    ),
    route(rightsEndpoints.updateLocationEmployee, ({ session, params, body, actor }) =>
      service.updateLocationEmployeeRights(db, session, params.id, params.employeeId, body, actor),
    ),
    route(groups.list, ({ session, query }) => groupService.listRightsGroups(db, session, query)),
    route(groups.get, ({ session, params }) => groupService.getRightsGroup(db, session, params.id)),
    route(groups.create, ({ session, body, actor }) =>
      groupService.createRightsGroup(db, session, body, actor),
    ),
    route(groups.update, ({ session, body, actor }) =>
      groupService.updateRightsGroup(db, session, body, actor),
    ),
    route(groups.remove, ({ session, params, actor }) =>
      groupService.deleteRightsGroup(db, session, params.id, actor),
    ),
    route(groups.members, ({ session, params, query }) =>
      groupService.listMembers(db, session, params.id, query),
    ),
    route(groups.candidates, ({ session, params, query }) =>
      groupService.listCandidates(db, session, params.id, query),
    ),
    route(groups.addMembers, ({ session, params, body, actor }) =>
      groupService.addMembers(db, session, params.id, body, actor),
    ),
    route(groups.removeMember, ({ session, params, actor }) =>
      groupService.removeMember(db, session, params.id, params.employeeId, actor),
    ),
  ];
}
