import path from 'node:path';
import type { Plugin } from 'vite';
import type { Tree } from '../src/i18n/merge';
import { languageTexts, pickTexts } from './picked-texts';

/**
 * The texts the login page's own entry shows (decision 010), picked from the app's texts at build time, so
 * there is one source of texts: the login form, its frame, every message the login call may answer (the
 * whole `auth`, `validation` and `errors` groups) and the general error.
 */
export const LOGIN_TEXT_KEYS = [
  'auth',
  'validation',
  'errors',
  'general_error',
  'shell.productName',
  'ui.password.toggle',
] as const;

const MODULE_ID = 'virtual:login-texts';
const RESOLVED_ID = `\0${MODULE_ID}`;
const LANGUAGES = ['nl', 'en'] as const;

/** `virtual:login-texts`: `{ nl, en }`, each the keys above of that language's area files (`src/i18n/*.<language>.json`). */
export function loginTexts(): Plugin {
  let textsDir = '';
  return {
    name: 'xp-login-texts',
    configResolved(config) {
      textsDir = path.resolve(config.root, 'src/i18n');
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const texts: Record<string, Tree> = {};
      for (const language of LANGUAGES) {
        const all = languageTexts(textsDir, language, (file) => this.addWatchFile(file));
        texts[language] = pickTexts(all, LOGIN_TEXT_KEYS);
      }
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
