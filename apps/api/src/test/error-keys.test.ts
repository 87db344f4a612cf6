import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every error key the API can answer has a text in Dutch and in English in the web's texts
 * (apps/web/src/i18n/<area>.{nl,en}.json, merged into one tree: a key is its dotted path). The keys are
 * read from the sources: the literal messages of the `errors.*` calls in apps/api/src (with the defaults of
 * errors.ts), every `<area>.errors.<key>` literal there and in the contracts, and the contracts' own
 * messages (`message:` / `error:` of their rules). One test over all modules: a key a module starts to
 * answer without a translation fails here, whatever its area.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const apiSources = path.join(root, 'apps/api/src');
const contractSources = path.join(root, 'packages/contracts/src');
const textsDir = path.join(root, 'apps/web/src/i18n');

/** The non-test TypeScript files under a folder. */
const sourcesIn = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
    .map((file) => path.join(dir, file));

const KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;
const literals = (text: string) =>
  [...text.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`$\\]*)`/g)]
    .map((match) => match[1] ?? match[2] ?? match[3]!)
    .filter((value) => KEY.test(value));

/** The arguments of a call whose `(` is at `open`, split at their top-level commas. */
function argumentsAt(source: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  let quote: string | null = null;
  for (let i = open; i < source.length; i++) {
    const char = source[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      depth--;
      if (depth === 0) {
        args.push(source.slice(start, i));
        return args;
      }
    } else if (char === ',' && depth === 1) {
      args.push(source.slice(start, i));
      start = i + 1;
    }
  }
  return args;
}

/** The calls whose first argument is a field or error key, not a message. */
const KEYED = new Set(['field', 'conflict']);

/** The error keys one source file can answer. */
function errorKeysOf(source: string): Set<string> {
  const keys = new Set<string>();
  for (const call of source.matchAll(/\berrors\.(\w+)\(/g)) {
    const args = argumentsAt(source, call.index + call[0].length - 1);
    for (const arg of KEYED.has(call[1]!) ? args.slice(1) : args) {
      for (const key of literals(arg)) keys.add(key);
    }
  }
  // Keys held in constants or passed around before they reach an `errors.*` call.
  for (const match of source.matchAll(/['"`]([a-zA-Z][\w-]*\.errors\.[\w.-]+)['"`]/g)) keys.add(match[1]!);
  // The contracts' rules (zod: `{ message: 'validation.x' }`, `{ error: ... }`); errors.ts's defaults.
  for (const match of source.matchAll(/\b(?:message|error)\s*[:=]\s*['"`]([^'"`\n]+)['"`]/g)) {
    if (KEY.test(match[1]!)) keys.add(match[1]!);
  }
  return keys;
}

type Tree = { [key: string]: string | Tree };

function textsOf(language: 'nl' | 'en'): Tree {
  const merged: Tree = {};
  const merge = (target: Tree, source: Tree) => {
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === 'object') {
        const existing = target[key];
        target[key] = typeof existing === 'object' ? existing : {};
        merge(target[key] as Tree, value);
      } else target[key] = value;
    }
  };
  for (const file of fs.readdirSync(textsDir).filter((name) => name.endsWith(`.${language}.json`))) {
    merge(merged, JSON.parse(fs.readFileSync(path.join(textsDir, file), 'utf8')) as Tree);
  }
  return merged;
}

const textOf = (tree: Tree, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined),
      tree,
    );

describe('error keys', () => {
  it('reads a message, not the field or key an error belongs to, and keys passed through constants', () => {
    const keys = errorKeysOf(`
      throw errors.field('address.postalCode', 'validation.postalCode');
      throw errors.conflict(GENERAL_KEY, 'xp.errors.paymentUnderWay');
      throw errors.notFound(
        found ? 'member.errors.notFound' : \`employer.errors.gone\`,
      );
      const NOT_FOUND = 'invoice.errors.notFound';
      const rule = z.string().min(1, { message: 'validation.required' });
      unauthorized: (message = 'auth.signInRequired') => general(401, message),
      throw errors.badRequest(\`\${area}.errors.dynamic\`);
    `);
    expect([...keys].sort()).toEqual([
      'auth.signInRequired',
      'employer.errors.gone',
      'invoice.errors.notFound',
      'member.errors.notFound',
      'validation.postalCode',
      'validation.required',
      'xp.errors.paymentUnderWay',
    ]);
  });

  it('every key the API or a contract can answer has a text in Dutch and in English', () => {
    const keys = new Map<string, string>();
    for (const file of [...sourcesIn(apiSources), ...sourcesIn(contractSources)]) {
      for (const key of errorKeysOf(fs.readFileSync(file, 'utf8'))) {
        if (!keys.has(key)) keys.set(key, path.relative(root, file));
      }
    }
    // The reading finds what is there (a broken pattern would find nothing and pass).
    expect(keys.size).toBeGreaterThan(200);
    for (const known of [
      'auth.forbidden',
      'errors.notFound',
      'validation.required',
      'xp.errors.paymentUnderWay',
    ])
      expect(keys.has(known), known).toBe(true);

    const texts = { nl: textsOf('nl'), en: textsOf('en') };
    const untranslated = [...keys]
      .flatMap(([key, file]) =>
        (['nl', 'en'] as const)
          .filter((language) => typeof textOf(texts[language], key) !== 'string')
          .map((language) => `${key} (${language}; ${file})`),
      )
      .sort();
    expect(untranslated).toEqual([]);
  });
});
