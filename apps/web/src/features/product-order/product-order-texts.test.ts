import { describe, expect, it } from 'vitest';
import en from '@/i18n/product-order.en.json';
import nl from '@/i18n/product-order.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of product orders', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it("translate every error key of the server's product-order module and of the contract", () => {
    const used = errorKeysIn(
      'productOrder',
      [
        '../../../../api/src/modules/product-order/product-order.service.ts',
        '../../../../../packages/contracts/src/product-order.ts',
      ].map((path) => new URL(path, import.meta.url)),
    );
    expect([...used]).toEqual(
      expect.arrayContaining(['productOrder.errors.paidByPaymentOnly', 'productOrder.errors.memberNotFound']),
    );
    expectTranslated(nl, en, used);
  });
});
