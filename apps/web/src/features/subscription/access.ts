import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

/** 'Abonnementen' of the active gym: who may call `GET /Subscription` (decision 022; menu item and routes). */
export const mayManageSubscriptions = (claims: Claims) => allows(policies.subscriptionList, claims);
