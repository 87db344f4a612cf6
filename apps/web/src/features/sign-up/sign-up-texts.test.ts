import { describe, expect, it } from 'vitest';
import en from '@/i18n/sign-up.en.json';
import nl from '@/i18n/sign-up.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of the sign-up', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it('name every period unit alone and in both plural forms, and both salutations', () => {
    expectTranslated(nl, en, [
      ...[0, 1, 2].flatMap((type) => [
        `signUp.period.${type}_single`,
        `signUp.period.${type}_one`,
        `signUp.period.${type}_other`,
      ]),
      'signUp.gender.0',
      'signUp.gender.1',
    ]);
  });

  it("translate every error key of the sign-up's server, its contract and these screens", () => {
    const sources = [
      '../../../../api/src/modules/sign-up/sign-up.service.ts',
      '../../../../api/src/modules/sign-up/pending.service.ts',
      '../../../../../packages/contracts/src/sign-up.ts',
      './sign-up-wizard.tsx',
      './complete-wizard.tsx',
      './complete-page.tsx',
      './result-page.tsx',
      './confirm-page.tsx',
      './sign-up-problems.tsx',
    ].map((path) => new URL(path, import.meta.url));
    const used = errorKeysIn('signUp', sources);
    // The contract's own: the IBAN, the start date, the honeypot; the server's club and mailed link.
    for (const key of [
      'ibanInvalid',
      'startDate',
      'refused',
      'confirmNotFound',
      'pendingNotFound',
      'clubNotFound',
      'codeNotFound',
      'completeFailed',
    ])
      expect(used).toContain(`signUp.errors.${key}`);
    expectTranslated(nl, en, used);
  });
});
