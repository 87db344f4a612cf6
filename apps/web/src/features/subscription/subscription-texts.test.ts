import { describe, expect, it } from 'vitest';
import en from '@/i18n/subscription.en.json';
import nl from '@/i18n/subscription.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

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
  'variantInUse',
  'nameTaken',
].map((key) => `subscription.errors.${key}`);

describe('the texts of the subscriptions', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it("translate every error key of the server's subscription module and of the contract", () => {
    const used = errorKeysIn(
      'subscription',
      [
        '../../../../api/src/modules/subscription/subscription.service.ts',
        '../../../../../packages/contracts/src/subscription.ts',
      ].map((path) => new URL(path, import.meta.url)),
    );
    expect(used.size).toBeGreaterThan(10);
    expectTranslated(nl, en, [...serverKeys, ...used]);
  });
});
