import { ageGroupEndpoints, subscriptionEndpoints, timeSlotGroupEndpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './subscription.service.ts';

export function subscriptionRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(subscriptionEndpoints.list, ({ session, query }) => service.listSubscriptions(db, session, query)),
    route(subscriptionEndpoints.get, ({ session, params }) =>
      service.getSubscription(db, session, params.id),
    ),
    route(subscriptionEndpoints.create, ({ session, body, request }) =>
      service.createSubscription(db, session, body, request.id),
    ),
    route(subscriptionEndpoints.update, ({ session, body, request }) =>
      service.updateSubscription(db, session, body, request.id),
    ),
    route(subscriptionEndpoints.setIsActive, ({ session, params, body, request }) =>
      service.setSubscriptionActive(db, session, params.id, body.isActive, request.id),
    ),
    route(ageGroupEndpoints.list, ({ session, query }) => service.listAgeGroups(db, session, query)),
    route(ageGroupEndpoints.create, ({ session, body, request }) =>
      service.createAgeGroup(db, session, body, request.id),
    ),
    route(ageGroupEndpoints.update, ({ session, body, request }) =>
      service.updateAgeGroup(db, session, body, request.id),
    ),
    route(ageGroupEndpoints.remove, ({ session, params, request }) =>
      service.deleteAgeGroup(db, session, params.id, request.id),
    ),
    route(timeSlotGroupEndpoints.list, ({ session, query }) =>
      service.listTimeSlotGroups(db, session, query),
    ),
    route(timeSlotGroupEndpoints.create, ({ session, body, request }) =>
      service.createTimeSlotGroup(db, session, body, request.id),
    ),
    route(timeSlotGroupEndpoints.update, ({ session, body, request }) =>
      service.updateTimeSlotGroup(db, session, body, request.id),
    ),
    route(timeSlotGroupEndpoints.remove, ({ session, params, request }) =>
      service.deleteTimeSlotGroup(db, session, params.id, request.id),
    ),
  ];
}
