import { signUpEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import type { BillingDeps } from '../billing/billing-run.ts';
import * as service from './sign-up.service.ts';

/** The public sign-up (decision 018): its lookups and the sign-up itself, rate limited per address. */
export function signUpRoutes(deps: BillingDeps) {
  const { db } = deps;
  return [
    route(endpoints.clubsInRange, ({ query, request }) => service.clubsInRange(db, query, request.ip)),
    route(endpoints.publicSubscriptions, ({ query, request }) =>
      service.publicSubscriptions(db, query.locationId, request.ip),
    ),
    route(endpoints.signUp, ({ body, request }) => service.signUp(deps, body, request.ip)),
    route(endpoints.registrationLink, ({ session, params }) =>
      service.registrationLink(db, deps.publicUrl, session, params.id),
    ),
    route(endpoints.openRegistration, ({ params, request }) =>
      service.openRegistration(db, params.publicCode, request.ip),
    ),
    route(endpoints.completeOpenRegistration, ({ params, body, request }) =>
      service.completeOpenRegistration(deps, params.publicCode, body, request.ip),
    ),
  ];
}
