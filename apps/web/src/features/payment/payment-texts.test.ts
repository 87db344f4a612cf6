import {
  checkoutActions,
  paymentStatuses,
  refundMethods,
  refundOwed,
  refundReasons,
  sequenceTypes,
} from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/payment.en.json';
import nl from '@/i18n/payment.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

describe('the texts of payments', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it('name every status, sequence type and checkout action of the contract', () => {
    expectTranslated(nl, en, [
      ...paymentStatuses.map((status) => `payment.status.${status}`),
      ...sequenceTypes.map((type) => `payment.sequenceType.${type}`),
      ...checkoutActions.map((action) => `payment.checkout.action.${action}`),
      ...refundReasons.map((reason) => `payment.refunds.reason.${reason}`),
      ...refundMethods.map((method) => `payment.refunds.method.${method}`),
      ...refundOwed.shape.subject.options.map((subject) => `payment.refunds.subject.${subject}`),
    ]);
  });

  it("translate every error key of the server's payment machinery", () => {
    const sources = [
      '../../../../api/src/modules/payment/payments.ts',
      '../../../../api/src/platform/payments/local-gateway.ts',
      '../../../../api/src/modules/payment/payment.routes.ts',
      '../../../../api/src/modules/payment/refunds.ts',
    ].map((path) => new URL(path, import.meta.url));
    const used = errorKeysIn('payment', sources);
    expect(used.size).toBeGreaterThanOrEqual(6);
    expectTranslated(nl, en, used);
  });
});
