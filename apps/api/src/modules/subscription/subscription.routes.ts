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
    route(subscriptionEndpoints.create, ({ session, body, actor }) =>
      service.createSubscription(db, session, body, actor),
    ),
    route(subscriptionEndpoints.update, ({ session, body, actor }) =>
      service.updateSubscription(db, session, body, actor),
    ),
    route(subscriptionEndpoints.setIsActive, ({ session, params, body, actor }) =>
      service.setSubscriptionActive(db, session, params.id, body.isActive, actor),
    ),
    route(ageGroupEndpoints.list, ({ session, query }) => service.listAgeGroups(db, session, query)),
    route(ageGroupEndpoints.create, ({ session, body, actor }) =>
      service.createAgeGroup(db, session, body, actor),
    ),
    route(ageGroupEndpoints.update, ({ session, body, actor }) =>
      service.updateAgeGroup(db, session, body, actor),
    ),
    route(ageGroupEndpoints.remove, ({ session, params, actor }) =>
      service.deleteAgeGroup(db, session, params.id, actor),
    ),
    route(timeSlotGroupEndpoints.list, ({ session, query }) =>
      service.listTimeSlotGroups(db, session, query),
    ),
    route(timeSlotGroupEndpoints.create, ({ session, body, actor }) =>
      service.createTimeSlotGroup(db, session, body, actor),
    ),
    route(timeSlotGroupEndpoints.update, ({ session, body, actor }) =>
      service.updateTimeSlotGroup(db, session, body, actor),
    ),
    route(timeSlotGroupEndpoints.remove, ({ session, params, actor }) =>
      service.deleteTimeSlotGroup(db, session, params.id, actor),
    ),
  ];
}
