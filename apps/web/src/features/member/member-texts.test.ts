import { describe, expect, it } from 'vitest';
import en from '@/i18n/member.en.json';
import nl from '@/i18n/member.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated, type TextTree } from '@/test/texts';

/** The error keys the server answers for members and memberships (and the contract's rules). */
const serverKeys = [
  'dateOfBirthInvalid',
  'pauseEndBeforeStart',
  'notFound',
  'emailTaken',
  'locationNotInGym',
  'subscriptionNotFound',
  'subscriptionInactive',
  'variantNotFound',
  'locationDoesNotOffer',
  'ageDoesNotMatch',
  'dateOfBirthUnknown',
  'endBeforeStart',
  'pauseTooLong',
  'pauseOutsideMembership',
  'pauseOverlaps',
  'pauseStarted',
  'membershipNotFound',
  'pauseNotFound',
  'anonymised',
  'registrationAlreadyCompleted',
  'membershipEnded',
].map((key) => `member.errors.${key}`);

describe('the texts of the members', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it("translate every error key of the server's member module and of the contract", () => {
    const used = errorKeysIn(
      'member',
      [
        '../../../../api/src/modules/member/member.service.ts',
        '../../../../../packages/contracts/src/member.ts',
      ].map((path) => new URL(path, import.meta.url)),
    );
    expect(used.size).toBeGreaterThan(15);
    expectTranslated(nl, en, [...serverKeys, ...used]);
  });

  it('say that the age does not match (spec 001 section 5)', () => {
    expect((nl as TextTree).member).toMatchObject({
      errors: { ageDoesNotMatch: expect.stringMatching(/leeftijd/i) },
    });
    expect((en as TextTree).member).toMatchObject({
      errors: { ageDoesNotMatch: expect.stringMatching(/age does not match/) },
    });
  });
});
