import { pickedTextsPlugin } from './picked-texts';

/**
 * The texts of the signed-in shell (decision 010): what the header, the navbar (every environment's menu
 * labels, which live in their areas), the switchers, the user menu, the UI kit and the messages show. A list
 * page of `FIRST_SCREEN_AREAS` (src/i18n/areas.ts) loads these and its own area before it shows, the other
 * areas right after; `first-screen-texts.test.tsx` fails on a key those screens ask that is not here or in
 * their area. Picked from the area files at build time, so there is one source of texts.
 */
export const SHELL_TEXT_KEYS = [
  'shell',
  'menu',
  'environments',
  'environment',
  'gym.switch',
  'location.switch',
  'employer.switch',
  'association.switch',
  'contentEnvironment.switch',
  'supplier.switch',
  'general_error',
  'actions',
  'validation',
  'errors',
  'ui',
  'listview',
  'profile.menuItem',
  'location.menu',
  'employee.menu',
  'association.menu',
  'employer.menu',
  'pictureBank.menu',
  'challengeTemplate.menu',
  'challenge.menu',
  'employerEmployee.menu',
  'subscription.menu',
  'entry.menu',
  'invoice.menu',
  'invitation.admins.title',
  'store.menu',
  'xp.menu',
  'fitnessProduct.menu',
  'productOrder.menu',
  'supplier.menu',
  'xp.balance',
] as const;

/** `virtual:shell-texts/nl` and `/en`: the keys above of that language's area files (`src/i18n/*.<language>.json`). */
export const shellTexts = () => pickedTextsPlugin('shell-texts', SHELL_TEXT_KEYS);
