import { deferred } from '@/ui/deferred';
import { UserMenuButton } from './user-menu-button';

/**
 * The user's name, 'Profiel', the language (Nederlands / English) and 'Uitloggen'. The menu (Menu,
 * Popover, floating-ui) loads right after the first paint; until then its button shows (`ui/deferred`).
 */
export const UserMenu = deferred(
  'user-menu',
  () => import('./user-menu-dropdown'),
  () => <UserMenuButton aria-haspopup="menu" aria-expanded={false} />,
);
