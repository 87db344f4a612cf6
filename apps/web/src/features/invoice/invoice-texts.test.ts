import { InvoiceStatus, PaymentMethod } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/invoice.en.json';
import nl from '@/i18n/invoice.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of invoices', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it('name every invoice status and payment method of the spec', () => {
    expectTranslated(nl, en, [
      ...Object.values(InvoiceStatus).map((status) => `invoice.status.${status}`),
      ...Object.values(PaymentMethod).map((method) => `invoice.paymentMethod.${method}`),
    ]);
  });

  it("translate every error key of the server's invoice module", () => {
    const sources = [
      '../../../../api/src/modules/invoice/invoice.service.ts',
      '../../../../api/src/modules/invoice/invoice.repository.ts',
    ].map((path) => new URL(path, import.meta.url));
    const used = errorKeysIn('invoice', sources);
    expect(used.size).toBeGreaterThanOrEqual(5);
    expectTranslated(nl, en, used);
  });
});
