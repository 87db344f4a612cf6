import { describe, expect, it } from 'vitest';
import en from '@/i18n/billing-public.en.json';
import nl from '@/i18n/billing-public.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of the pay and cancel pages', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it('name every notice period unit in both plural forms', () => {
    expectTranslated(
      nl,
      en,
      [0, 1, 2].flatMap((type) => [`billingPublic.period.${type}_one`, `billingPublic.period.${type}_other`]),
    );
  });

  it("translate every error key of the server's billing links and the contract", () => {
    const sources = [
      '../../../../api/src/modules/billing/billing.service.ts',
      '../../../../../packages/contracts/src/billing.ts',
    ].map((path) => new URL(path, import.meta.url));
    const used = errorKeysIn('billing', sources);
    expect([...used].sort()).toEqual([
      'billing.errors.linkInvalid',
      'billing.errors.linkNotFound',
      'billing.errors.returnPathInvalid',
    ]);
    expectTranslated(nl, en, used);
  });
});
