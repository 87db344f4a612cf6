import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import type { AppPath } from '@/app/app-path';

// Route guards import these: kept apart from the screens so the route tree loaded at start stays small.

/** Changing the gym's general data: `PUT /Gym` (reading it is open to every employee of the gym). */
export const mayAlterGym = (claims: Claims) => allows(policies.gymUpdate, claims);

/** The tabs of the gym settings, each shown to who may call the endpoint its screen is about (decision 022). */
export const settingsTabs: { path: AppPath; label: string; access: (claims: Claims) => boolean }[] = [
  { path: '/settings', label: 'gym.settings.general', access: mayAlterGym },
  {
    path: '/settings/registration',
    label: 'gym.settings.registration',
    access: (claims) => allows(policies.gymRegistrationSettings, claims),
  },
  {
    path: '/settings/rightGroups',
    label: 'rightsGroup.title',
    access: (claims) => allows(policies.rightsGroupList, claims),
  },
];

/** Who may open the settings at all: a rule of its own, as its tabs call endpoints of different policies. */
export const maySeeGymSettings = (claims: Claims) => settingsTabs.some((tab) => tab.access(claims));
