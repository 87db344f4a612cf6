import { memberEndpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './member.service.ts';
import * as gdpr from './member-gdpr.service.ts';

export function memberRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(memberEndpoints.list, ({ session, query }) => service.listMembers(db, session, query)),
    route(memberEndpoints.openRegistrations, ({ session, query }) =>
      service.listOpenRegistrations(db, session, query),
    ),
    route(memberEndpoints.get, ({ session, params }) => service.getMember(db, session, params.id)),
    route(memberEndpoints.create, ({ session, body, actor }) =>
      service.createMember(db, session, body, actor),
    ),
    route(memberEndpoints.update, ({ session, body, actor }) =>
      service.updateMember(db, session, body, actor),
    ),
    route(memberEndpoints.addMembership, ({ session, params, body, actor }) =>
      service.addMembership(db, session, params.id, body, actor),
    ),
    route(memberEndpoints.endMembership, ({ session, params, body, actor }) =>
      service.endMembership(db, session, params.id, body.endDate, actor),
    ),
    route(memberEndpoints.pauseMembership, ({ session, params, body, actor }) =>
      service.pauseMembership(db, session, params.id, body, actor),
    ),
    route(memberEndpoints.removePause, ({ session, params, actor }) =>
      service.removePause(db, session, params.id, actor),
    ),
    route(memberEndpoints.export, ({ session, params, actor }) =>
      gdpr.exportMember(db, session, params.id, actor),
    ),
    route(memberEndpoints.anonymise, ({ session, params, actor }) =>
      gdpr.anonymiseMember(db, session, params.id, actor),
    ),
    route(memberEndpoints.completeRegistration, ({ session, params, actor }) =>
      service.completeRegistration(db, session, params.id, actor),
    ),
    route(memberEndpoints.offeredSubscriptions, ({ session }) => service.offeredSubscriptions(db, session)),
    route(memberEndpoints.subscriptionMembers, ({ session, params, query }) =>
      service.listSubscriptionMembers(db, session, params.id, query),
    ),
  ];
}
