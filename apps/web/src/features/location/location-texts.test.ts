import { DebtPolicy } from '@xp/contracts/enums';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/location.en.json';
import nl from '@/i18n/location.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of the locations', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it('name every debt policy of the contract (decision 017)', () => {
    expectTranslated(
      nl,
      en,
      Object.values(DebtPolicy).map((value) => `location.billing.debtPolicies.${value}`),
    );
  });

  it("translate every error key of the server's location module and of the contract", () => {
    const used = errorKeysIn(
      'location',
      [
        '../../../../api/src/modules/location/location.service.ts',
        '../../../../api/src/modules/location/location-access.ts',
        '../../../../api/src/modules/location/location-opening-hours.service.ts',
        '../../../../api/src/modules/location/location-payment.service.ts',
        '../../../../api/src/modules/location/location.repository.ts',
        '../../../../../packages/contracts/src/location.ts',
      ].map((path) => new URL(path, import.meta.url)),
    );
    expect(used.size).toBeGreaterThan(10);
    expectTranslated(nl, en, used);
  });
});
