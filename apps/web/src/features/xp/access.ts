import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

// The XP screens of the employer environment (spec 000 section 2): who may call the endpoint a screen lists,
// on an active employer, because the server scopes these calls to it (403 `auth.noActive.employer` without
// one, decision 022) while their policy names roles only. Route guards and menu items import these.

/** 'Transacties': `GET /Employer/{activeEmployerId}/XpTransactions`. */
export const mayReadXpTransactions = (claims: Claims) =>
  allows(policies.xpTransactions, claims) && claims.activeEmployerId !== null;

/** 'Openstaande facturen' and 'Facturen': `GET /Employer/{activeEmployerId}/XpInvoices`. */
export const mayReadXpInvoices = (claims: Claims) =>
  allows(policies.xpInvoices, claims) && claims.activeEmployerId !== null;

/** The balance in the header: `GET /Employer/{id}/GetBalance` of the active employer. */
export const mayReadXpBalance = (claims: Claims) =>
  allows(policies.xpBalance, claims) && claims.activeEmployerId !== null;
