import { Stack, Text } from '@mantine/core';
import { OrderPaymentMethod, PaymentFrequency } from '@xp/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioField } from '@/ui/inputs/radio-field';
import { type OrderForm, useOptions } from './wizard-parts';

// ---------------------------------------------------------------------------------------------- payment

/** Step 4: per month or in advance; iDEAL (a pay link for the customer) or on invoice. */
export function PaymentStep({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  const frequencies = useOptions('paymentFrequency', PaymentFrequency);
  const methods = useOptions('paymentMethod', OrderPaymentMethod);
  return (
    <Stack gap="lg">
      <RadioField
        control={form.control}
        name="paymentFrequency"
        label={t('productOrder.wizard.payment.frequency')}
        data={frequencies}
        required
      />
      <RadioField
        control={form.control}
        name="paymentMethod"
        label={t('productOrder.wizard.payment.method')}
        data={methods}
        required
      />
      {method !== null && method !== undefined && (
        <Text size="sm" c="dimmed">
          {t(
            Number(method) === OrderPaymentMethod.IDeal
              ? 'productOrder.wizard.payment.idealHelp'
              : 'productOrder.wizard.payment.invoiceHelp',
          )}
        </Text>
      )}
    </Stack>
  );
}
