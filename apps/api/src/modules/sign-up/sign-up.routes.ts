import { signUpEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import * as openRegistrations from './open-registration.service.ts';
import * as pending from './pending.service.ts';
import * as lookup from './sign-up.lookup.ts';
import * as service from './sign-up.service.ts';

/**
 * The public sign-up (decision 018): its lookups and the sign-up itself, rate limited per address; the link
 * that confirms a pending sign-up, and the desk's list of them (decision 018).
 */
export function signUpRoutes(deps: BillingDeps) {
  const { db } = deps;
  return [
    route(endpoints.clubsInRange, ({ query, request }) => lookup.clubsInRange(db, query, request.ip)),
    route(endpoints.publicSubscriptions, ({ query, request }) =>
      lookup.publicSubscriptions(db, query.locationId, request.ip),
    ),
    route(endpoints.signUp, ({ body, request, actor }) => service.signUp(deps, body, request.ip, actor)),
    route(endpoints.registrationLink, ({ session, params, actor }) =>
      openRegistrations.registrationLink(db, deps.publicUrl, session, params.id, actor),
    ),
    route(endpoints.openRegistration, ({ params, request }) =>
      openRegistrations.openRegistration(db, params.publicCode, request.ip),
    ),
    route(endpoints.completeOpenRegistration, ({ params, body, request, actor }) =>
      openRegistrations.completeOpenRegistration(deps, params.publicCode, body, request.ip, actor),
    ),
    route(endpoints.pendingSignUp, ({ params, request }) =>
      pending.pendingSignUp(db, params.token, request.ip),
    ),
    route(endpoints.confirmSignUp, ({ params, request, actor }) =>
      pending.confirmSignUp(deps, params.token, request.ip, actor),
    ),
    route(endpoints.pendingSignUps, ({ session, query }) => pending.listPending(db, session, query)),
    route(endpoints.mergePendingSignUp, ({ session, params, actor }) =>
      pending.mergePending(deps, session, params.id, actor),
    ),
    route(endpoints.dismissPendingSignUp, ({ session, params, actor }) =>
      pending.dismissPending(db, session, params.id, actor),
    ),
  ];
}
