import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/subscription.en.json';
import nl from '@/i18n/subscription.nl.json';

type Tree = { [key: string]: string | Tree };

/** Every key of a tree of texts, dotted. */
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

/** The error keys the server answers for subscriptions, age groups and time slot groups (and the contract's rules). */
const serverKeys = [
  'maximumBelowMinimum',
  'noDays',
  'endNotAfterBegin',
  'noLocations',
  'noVariants',
  'variantNameTwice',
  'ageGroupNotFound',
  'ageGroupNameTaken',
  'ageGroupInUse',
  'timeSlotGroupNotFound',
  'timeSlotGroupNameTaken',
  'timeSlotGroupInUse',
  'notFound',
  'locationNotInGym',
  'variantNotFound',
  'nameTaken',
].map((key) => `subscription.errors.${key}`);

describe('the texts of the subscriptions', () => {
  it('have the same keys in Dutch and English, none empty', () => {
    const dutch = keysOf(nl as Tree).sort();
    expect(keysOf(en as Tree).sort()).toEqual(dutch);
    for (const tree of [nl, en] as Tree[]) {
      const texts = keysOf(tree).map((key) =>
        key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree),
      );
      expect(texts.every((text) => typeof text === 'string' && text.trim().length > 0)).toBe(true);
    }
  });

  it("translate every error key of the server's subscription module and of the contract", () => {
    const sources = [
      '../../../../api/src/modules/subscription/subscription.service.ts',
      '../../../../../packages/contracts/src/subscription.ts',
    ].map((path) => readFileSync(new URL(path, import.meta.url), 'utf8'));
    const used = new Set(sources.flatMap((source) => source.match(/subscription\.errors\.\w+/g) ?? []));
    expect(used.size).toBeGreaterThan(10);
    for (const key of [...serverKeys, ...used]) {
      expect(keysOf(nl as Tree)).toContain(key);
      expect(keysOf(en as Tree)).toContain(key);
    }
  });
});
