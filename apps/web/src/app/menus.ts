import {
  IconDoor,
  IconLayoutDashboard,
  IconShieldCheck,
  IconUserPlus,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { type Claims, Environment, hasLocationRight, isAdmin } from '@xp/contracts';
import type { FileRoutesByTo } from '@/routeTree.gen';
import { canUseEnvironment } from './environments';

/** A path of a screen that exists (the generated route tree knows it). */
export type AppPath = keyof FileRoutesByTo;

export interface MenuItem {
  /** Translation key of the label. */
  label: string;
  path: AppPath;
  icon: TablerIcon;
  /** Only the path itself makes the item active (home items); otherwise every path below it too. */
  exact?: boolean;
  /** Who sees the item (spec section 6); everyone who may use the environment when left out. */
  access?: (claims: Claims) => boolean;
}

const dashboard = (path: AppPath): MenuItem => ({
  label: 'menu.dashboard',
  path,
  icon: IconLayoutDashboard,
  exact: true,
});

/**
 * The navbar of each environment. Only screens that work are listed; a later screen adds its item here,
 * with the same access rule its route's `beforeLoad` uses.
 */
export const menus: Record<Environment, MenuItem[]> = {
  [Environment.Gym]: [dashboard('/')],
  [Environment.Customer]: [dashboard('/')],
  [Environment.Location]: [
    dashboard('/location'),
    {
      label: 'menu.locationAreas',
      path: '/location/areas',
      icon: IconDoor,
      access: (claims) => hasLocationRight(claims, 'ManageLocationAreas'),
    },
  ],
  [Environment.Admin]: [
    dashboard('/admin'),
    // Exact, so that it is not active on its own sub-screen 'Uitgenodigde beheerders' as well.
    {
      label: 'users.admins.title',
      path: '/admin/admins',
      icon: IconShieldCheck,
      access: isAdmin,
      exact: true,
    },
    { label: 'invitation.admins.title', path: '/admin/admins/invited', icon: IconUserPlus, access: isAdmin },
    { label: 'users.overview.title', path: '/admin/userOverview', icon: IconUsers, access: isAdmin },
  ],
  [Environment.Employer]: [dashboard('/employer')],
  [Environment.Association]: [dashboard('/association')],
  [Environment.TipsAndTricks]: [dashboard('/tipsAndTricks')],
  [Environment.Content]: [dashboard('/content')],
  [Environment.Supplier]: [dashboard('/supplier')],
};

/** The items of the active environment's menu that these claims may see. */
export function visibleMenu(claims: Claims, source: Record<number, MenuItem[]> = menus): MenuItem[] {
  const environment = claims.activeEnvironment;
  if (!canUseEnvironment(claims, environment)) return [];
  return (source[environment] ?? []).filter((item) => !item.access || item.access(claims));
}
