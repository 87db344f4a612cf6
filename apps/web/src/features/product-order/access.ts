import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

/** 'Productbestellingen' of the active location: who may call `GET /ProductOrder` (decision 022). */
export const mayOrderProducts = (claims: Claims) => allows(policies.productOrderList, claims);
