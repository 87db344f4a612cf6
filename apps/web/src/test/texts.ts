import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * The checks of an area's texts (`src/i18n/<area>.{nl,en}.json`) that each area's `*-texts.test.ts` makes:
 * both languages complete, and every error key the server or the contract can answer translated.
 */

/** A tree of texts as an area's file holds it. */
export type TextTree = { [key: string]: string | TextTree };

/** Every key of a tree of texts, dotted, with its text. */
const entriesOf = (tree: TextTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value, `${prefix}${key}.`),
  );

/** Every key of a tree of texts, dotted. */
export const keysOf = (tree: object): string[] => entriesOf(tree as TextTree).map(([key]) => key);

/** The Dutch and the English texts have the same keys, and none of the texts is empty. */
export function expectSameKeysNoneEmpty(nl: object, en: object): void {
  expect(keysOf(en).sort()).toEqual(keysOf(nl).sort());
  for (const tree of [nl, en]) {
    const texts = entriesOf(tree as TextTree).map(([, text]) => text);
    expect(texts.every((text) => text.trim().length > 0)).toBe(true);
  }
}

/** Each of `keys` has a text in Dutch and in English. */
export function expectTranslated(nl: object, en: object, keys: Iterable<string>): void {
  const dutch = keysOf(nl);
  const english = keysOf(en);
  for (const key of keys) {
    expect(dutch).toContain(key);
    expect(english).toContain(key);
  }
}

/**
 * The error keys of an area (`<area>.errors.*`) that its source files name: the server's module and the
 * contract, as URLs (`new URL('../../../../api/src/modules/…', import.meta.url)`).
 */
export function errorKeysIn(area: string, files: readonly URL[]): Set<string> {
  const pattern = new RegExp(`${area}\\.errors\\.\\w+`, 'g');
  return new Set(files.flatMap((file) => readFileSync(file, 'utf8').match(pattern) ?? []));
}
