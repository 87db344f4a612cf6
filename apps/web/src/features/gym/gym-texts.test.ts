import { describe, expect, it } from 'vitest';
import en from '@/i18n/gym.en.json';
import nl from '@/i18n/gym.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of the gyms', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it("translate every error key of the server's gym module and of the contract", () => {
    const used = errorKeysIn(
      'gym',
      [
        '../../../../api/src/modules/gym/gym.service.ts',
        '../../../../api/src/modules/gym/gym.repository.ts',
        '../../../../../packages/contracts/src/gym.ts',
      ].map((path) => new URL(path, import.meta.url)),
    );
    // The SEPA creditor id's rule of the contract (decision 017) among them.
    expect(used).toContain('gym.errors.creditorIdFormat');
    expectTranslated(nl, en, used);
  });
});
