import { describe, expect, it } from 'vitest';
import en from '@/i18n/employer-settings.en.json';
import nl from '@/i18n/employer-settings.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of the employer settings', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it("translate every error key of the server's module and of the contract", () => {
    const used = errorKeysIn(
      'employerSettings',
      [
        '../../../../api/src/modules/employer-settings/employer-settings.service.ts',
        '../../../../../packages/contracts/src/employer-settings.ts',
      ].map((path) => new URL(path, import.meta.url)),
    );
    expect(used).toContain('employerSettings.errors.notFound');
    expectTranslated(nl, en, used);
  });
});
