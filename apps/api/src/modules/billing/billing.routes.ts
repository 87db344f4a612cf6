import { billingEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import * as service from './billing.service.ts';
import type { BillingDeps } from './billing-deps.ts';
import { runBilling } from './billing-run.ts';

/**
 * A location's dunning rules, the members in debt, the member's pay and cancel pages (public, by a signed
 * link, rate limited per address), and the billing run on demand in development.
 */
export function billingRoutes(deps: BillingDeps) {
  const { db } = deps;
  return [
    route(endpoints.getSettings, ({ session, params }) => service.getBillingSettings(db, session, params.id)),
    route(endpoints.updateSettings, ({ session, params, body, actor }) =>
      service.updateBillingSettings(db, session, params.id, body, actor),
    ),
    route(endpoints.debtors, ({ session, query }) => service.listDebtors(db, session, query)),
    route(endpoints.publicInvoice, ({ params, request }) =>
      service.publicInvoice(deps, params.token, request.ip),
    ),
    route(endpoints.payPublicInvoice, ({ params, body, request }) =>
      service.payPublicInvoice(deps, params.token, request.ip, body?.returnPath),
    ),
    route(endpoints.publicMembership, ({ params, request }) =>
      service.publicMembership(deps, params.token, request.ip),
    ),
    route(endpoints.cancelPublicMembership, ({ params, request, actor }) =>
      service.cancelPublicMembership(deps, params.token, request.ip, actor),
    ),
    route(endpoints.runBilling, ({ actor }) => runBilling(deps, { actor })),
  ];
}
