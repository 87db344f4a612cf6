import { pickedTextsPlugin } from './picked-texts';

/**
 * The texts of the public pages' own entry (decision 010, `public.html`): the sign-up, its confirm, finish and
 * result pages, the pay and cancel links. Picked from the app's area files at build time, so there is one
 * source of texts: the pages' own groups, every error key their calls may answer (the server's and the
 * contracts': validation, the sign-up's member, location, entry and invoice errors), the kit's few texts they
 * show, and the entry's not-found and error pages. `public-texts.test.ts` fails on a key the pages' sources
 * name that is not here.
 */
export const PUBLIC_TEXT_KEYS = [
  'signUp',
  'billingPublic',
  'billing',
  'general_error',
  'actions',
  'validation',
  'errors',
  'member.errors',
  'location.errors',
  'entry.errors',
  'invoice.errors',
  'ui.loading',
  'ui.error',
  'ui.modal',
  'ui.password',
  'ui.date',
  'shell.notFound',
  'shell.error',
  'shell.toHome',
] as const;

/**
 * `virtual:public-texts/nl` and `/en`: the keys above of that language's area files (`src/i18n/*.<language>.json`),
 * one chunk each: a first visit downloads its start language's (~6 KB gzip) beside the page's code.
 */
export const publicTexts = () => pickedTextsPlugin('public-texts', PUBLIC_TEXT_KEYS);
