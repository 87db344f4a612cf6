import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { mergeTexts, type Tree } from '../src/i18n/merge';

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
        const files = fs
          .readdirSync(textsDir)
          .filter((file) => file.endsWith(`.${language}.json`))
          .sort()
          .map((file) => path.join(textsDir, file));
        for (const file of files) this.addWatchFile(file);
        // Merged as the app merges them (`i18n/merge.ts`).
        const all = mergeTexts(
          Object.fromEntries(
            files.map((file) => [file, { default: JSON.parse(fs.readFileSync(file, 'utf8')) }]),
          ),
        );
        texts[language] = pickTexts(all, LOGIN_TEXT_KEYS);
      }
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}

/** The given keys (a group or one text, dotted) of a tree of texts; a key that is missing fails the build. */
export function pickTexts(all: Tree, keys: readonly string[]): Tree {
  const picked: Tree = {};
  for (const key of keys) {
    const parts = key.split('.');
    let source: string | Tree | undefined = all;
    for (const part of parts) source = typeof source === 'object' ? source[part] : undefined;
    if (source === undefined) throw new Error(`login texts: no text '${key}'`);
    let target = picked;
    for (const part of parts.slice(0, -1)) {
      const next: string | Tree = target[part] ?? {};
      target[part] = next;
      target = next as Tree;
    }
    target[parts.at(-1) as string] = source;
  }
  return picked;
}
