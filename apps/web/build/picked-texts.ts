import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { mergeTexts, type Tree } from '../src/i18n/merge';

/**
 * Every text of one language, merged from its area files (`src/i18n/*.<language>.json`) as the app merges
 * them (`i18n/merge.ts`); `watch` is told each file, so a change rebuilds what picked from them.
 */
export function languageTexts(textsDir: string, language: string, watch: (file: string) => void): Tree {
  const files = fs
    .readdirSync(textsDir)
    .filter((file) => file.endsWith(`.${language}.json`))
    .sort()
    .map((file) => path.join(textsDir, file));
  for (const file of files) watch(file);
  return mergeTexts(
    Object.fromEntries(files.map((file) => [file, { default: JSON.parse(fs.readFileSync(file, 'utf8')) }])),
  );
}

/** The given keys (a group or one text, dotted) of a tree of texts; a key that is missing fails the build. */
export function pickTexts(all: Tree, keys: readonly string[]): Tree {
  const picked: Tree = {};
  for (const key of keys) {
    const parts = key.split('.');
    let source: string | Tree | undefined = all;
    for (const part of parts) source = typeof source === 'object' ? source[part] : undefined;
    if (source === undefined) throw new Error(`picked texts: no text '${key}'`);
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

const LANGUAGES = ['nl', 'en'] as const;

/**
 * A Vite plugin serving `virtual:<name>/nl` and `virtual:<name>/en`: `keys` of that language's area files
 * (`src/i18n/*.<language>.json`), one chunk each, so a first visit downloads its own language's only. The
 * shell's and the public pages' texts are such modules (shell-texts.ts, public-texts.ts).
 */
export function pickedTextsPlugin(name: string, keys: readonly string[]): Plugin {
  const prefix = `virtual:${name}/`;
  let textsDir = '';
  return {
    name: `xp-${name}`,
    configResolved(config) {
      textsDir = path.resolve(config.root, 'src/i18n');
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const language = id.slice(`\0${prefix}`.length) as (typeof LANGUAGES)[number];
      if (!LANGUAGES.includes(language)) throw new Error(`${name}: no language '${language}'`);
      const all = languageTexts(textsDir, language, (file) => this.addWatchFile(file));
      return `export default ${JSON.stringify(pickTexts(all, keys))};`;
    },
  };
}
