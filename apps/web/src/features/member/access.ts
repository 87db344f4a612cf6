import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

// Who may open a screen is who may call the endpoint it lists (decision 022); route guards import these, so
// they stay apart from the screens and load no schemas.

/**
 * 'Leden': `GET /Member`, the gym right ManageMemberships in the Gym environment and the location right in
 * the Location environment (the server scopes the list the same way).
 */
export const mayManageMembers = (claims: Claims) => allows(policies.memberList, claims);

/** Taking out a subscription, or filtering on one, reads the gym's subscriptions: `GET /Subscription`. */
export const mayReadSubscriptions = (claims: Claims) => allows(policies.subscriptionList, claims);

/** 'Facturen': `GET /Invoice`. */
export const mayReadInvoices = (claims: Claims) => allows(policies.invoiceList, claims);

/** The members in debt (the debt tab of 'Leden'): `GET /Member/InDebt`. */
export const mayReadDebtors = (claims: Claims) => allows(policies.billingDebtors, claims);
