import { describe, expect, it } from 'vitest';
import en from '@/i18n/supplier.en.json';
import nl from '@/i18n/supplier.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of the suppliers', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it("translate every error key of the server's supplier module and of the contract", () => {
    const used = errorKeysIn(
      'supplier',
      [
        '../../../../api/src/modules/supplier/supplier.service.ts',
        '../../../../api/src/modules/supplier/supplier.access.ts',
        '../../../../../packages/contracts/src/supplier.ts',
      ].map((path) => new URL(path, import.meta.url)),
    );
    expect([...used]).toEqual(
      expect.arrayContaining([
        'supplier.errors.kvkLength',
        'supplier.errors.notActive',
        'supplier.errors.nameTaken',
      ]),
    );
    expectTranslated(nl, en, used);
  });
});
