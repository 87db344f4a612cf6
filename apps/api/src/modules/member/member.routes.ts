import { memberEndpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './member.service.ts';

export function memberRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(memberEndpoints.list, ({ session, query }) => service.listMembers(db, session, query)),
    route(memberEndpoints.openRegistrations, ({ session, query }) =>
      service.listOpenRegistrations(db, session, query),
    ),
    route(memberEndpoints.get, ({ session, params }) => service.getMember(db, session, params.id)),
    route(memberEndpoints.create, ({ session, body, request }) =>
      service.createMember(db, session, body, request.id),
    ),
    route(memberEndpoints.update, ({ session, body, request }) =>
      service.updateMember(db, session, body, request.id),
    ),
    route(memberEndpoints.addMembership, ({ session, params, body, request }) =>
      service.addMembership(db, session, params.id, body, request.id),
    ),
    route(memberEndpoints.endMembership, ({ session, params, body, request }) =>
      service.endMembership(db, session, params.id, body.endDate, request.id),
    ),
    route(memberEndpoints.pauseMembership, ({ session, params, body, request }) =>
      service.pauseMembership(db, session, params.id, body, request.id),
    ),
    route(memberEndpoints.removePause, ({ session, params, request }) =>
      service.removePause(db, session, params.id, request.id),
    ),
    route(memberEndpoints.export, ({ session, params, request }) =>
      service.exportMember(db, session, params.id, request.id),
    ),
    route(memberEndpoints.anonymise, ({ session, params, request }) =>
      service.anonymiseMember(db, session, params.id, request.id),
    ),
    route(memberEndpoints.completeRegistration, ({ session, params, request }) =>
      service.completeRegistration(db, session, params.id, request.id),
    ),
    route(memberEndpoints.offeredSubscriptions, ({ session }) => service.offeredSubscriptions(db, session)),
    route(memberEndpoints.subscriptionMembers, ({ session, params, query }) =>
      service.listSubscriptionMembers(db, session, params.id, query),
    ),
  ];
}
