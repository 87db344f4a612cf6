import type { Claims } from '@xp/contracts';
import { hasGymRight } from '@xp/contracts/claims';
import type { AppPath } from '@/app/app-path';

// Route guards import these: kept apart from the screens so the route tree loaded at start stays small.

export const mayAlterGym = (claims: Claims) => hasGymRight(claims, 'AlterGymInformation');

/** The tabs of the gym settings, each with the right its screen asks. */
export const settingsTabs: { path: AppPath; label: string; access: (claims: Claims) => boolean }[] = [
  { path: '/settings', label: 'gym.settings.general', access: mayAlterGym },
  { path: '/settings/registration', label: 'gym.settings.registration', access: mayAlterGym },
  {
    path: '/settings/rightGroups',
    label: 'rightsGroup.title',
    access: (claims) => hasGymRight(claims, 'ManageGymRights'),
  },
];

/** Who may open the settings at all: anyone who may see one of its tabs. */
export const maySeeGymSettings = (claims: Claims) => settingsTabs.some((tab) => tab.access(claims));
