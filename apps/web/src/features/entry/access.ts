import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

// Who may open a screen is who may call the endpoint it lists (decision 022; the menu items and the routes).

/** 'Binnen' of the active location: `GET /Location/{id}/InsideMembers`. */
export const mayReadInside = (claims: Claims) => allows(policies.entryInside, claims);

/** 'Entrees' of the active location: `GET /Entry`. */
export const mayReadEntries = (claims: Claims) => allows(policies.entryList, claims);
