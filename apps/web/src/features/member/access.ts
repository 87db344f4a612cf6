import type { Claims } from '@xp/contracts';
import { hasGymRight, hasLocationRight } from '@xp/contracts/claims';

/** 'Leden' of the active gym: the gym right ManageMemberships (the menu item and the routes). */
export const mayManageMembers = (claims: Claims) => hasGymRight(claims, 'ManageMemberships');

/** 'Leden' of the active location: the location right ManageMemberships (or the gym right of that name). */
export const mayManageLocationMembers = (claims: Claims) => hasLocationRight(claims, 'ManageMemberships');

/** Taking out a subscription reads the gym's subscriptions, which `GET /Subscription` serves to this right. */
export const mayReadSubscriptions = (claims: Claims) => hasGymRight(claims, 'ManageSubscriptions');

/**
 * Reading the invoices (and so the members in debt, `GET /Member/InDebt`): ManageMemberships, as the
 * gym's or the location's 'Facturen' menu item (the contracts' `invoicePolicy`).
 */
export const mayReadInvoices = (claims: Claims, scope: 'gym' | 'location') =>
  scope === 'gym' ? mayManageMembers(claims) : mayManageLocationMembers(claims);
