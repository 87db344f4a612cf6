import type { XpInvoice } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { showFailure } from '@/ui/form-errors';
import { formatEuro } from '@/ui/money';
import { showSuccess } from '@/ui/toasts';
import { usePayXpInvoice } from './api';
import { goToCheckout, markPaymentStarted } from './payment-return';

/**
 * 'Nu betalen': the invoice's open payment or a new one. To the checkout when there is one (it returns to
 * the invoice's page); a charge on the mandate says so. Resolves to whether a payment was started.
 */
export function usePayNow(activeEmployerId: number) {
  const { t } = useTranslation();
  const pay = usePayXpInvoice();
  return async (invoice: Pick<XpInvoice, 'id' | 'totalPrice'>): Promise<boolean> => {
    try {
      const { checkoutUrl } = await pay.mutateAsync({ params: { activeEmployerId, id: invoice.id } });
      if (checkoutUrl) {
        goToCheckout(invoice.id, checkoutUrl);
      } else {
        markPaymentStarted(invoice.id);
        showSuccess(t('xp.buy.directDebit', { amount: formatEuro(invoice.totalPrice) }));
      }
      return true;
    } catch (error) {
      showFailure(error, 'xp.invoices.payFailed');
      return false;
    }
  };
}
