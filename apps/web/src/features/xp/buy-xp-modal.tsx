import { Alert, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { addBalanceBody, type EmployerBalance, xpCostCents } from '@xp/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { NumberField } from '@/ui/inputs/number-field';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from '@/ui/modal-sizes';
import { formatEuro, formatXp } from '@/ui/money';
import { SubmitActions } from '@/ui/submit-actions';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useAddBalance } from './api';
import { goToCheckout, markPaymentStarted } from './payment-return';

interface BuyXpModalProps {
  employerId: number;
  /** The balance now and the limits of one purchase. */
  balance: EmployerBalance;
  opened: boolean;
  onClose: () => void;
  /** Charged on the employer's mandate (no checkout): open the invoice's page. */
  onDirectDebit: (invoiceId: number) => void;
}

/**
 * 'XP kopen' (spec 000 section 2): one step with the number of XP and a summary of the current balance, the
 * cost (1 XP = EUR 0,01) and the balance after; 'Naar betalen' makes the invoice and goes to its checkout.
 */
export function BuyXpModal({ employerId, balance, opened, onClose, onDirectDebit }: BuyXpModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('xp.buy.title')}
      size={MODAL_SIZES.default}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      {opened && (
        <BuyXpForm
          employerId={employerId}
          balance={balance}
          onCancel={onClose}
          onDirectDebit={(invoiceId) => {
            onClose();
            onDirectDebit(invoiceId);
          }}
        />
      )}
    </Modal>
  );
}

type BuyXpFormProps = Omit<BuyXpModalProps, 'opened' | 'onClose'> & { onCancel: () => void };

function BuyXpForm({ employerId, balance, onCancel, onDirectDebit }: BuyXpFormProps) {
  const { t } = useTranslation();
  const buy = useAddBalance();
  const { minPurchase, maxPurchase } = balance;
  // The contract's body, and this employer's limits of one purchase on top.
  const schema = addBalanceBody.superRefine(({ amountOfXp }, context) => {
    if (amountOfXp < minPurchase)
      context.addIssue({
        code: 'custom',
        path: ['amountOfXp'],
        message: t('xp.buy.tooFew', { amount: formatXp(minPurchase) }),
      });
    if (amountOfXp > maxPurchase)
      context.addIssue({
        code: 'custom',
        path: ['amountOfXp'],
        message: t('xp.buy.tooMany', { amount: formatXp(maxPurchase) }),
      });
  });
  const form = useZodForm(schema, { defaultValues: { amountOfXp: minPurchase } });
  const amount = useWatch({ control: form.control, name: 'amountOfXp' });
  const points = typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : 0;

  const submit = form.handleSubmit(async (body) => {
    try {
      const { invoice, checkoutUrl } = await buy.mutateAsync({
        params: { activeEmployerId: employerId },
        body,
      });
      if (checkoutUrl) {
        goToCheckout(invoice.id, checkoutUrl);
        return;
      }
      markPaymentStarted(invoice.id);
      showSuccess(t('xp.buy.directDebit', { amount: formatEuro(invoice.totalPrice) }));
      onDirectDebit(invoice.id);
    } catch (error) {
      showSaveErrors(error, form.setError, ['amountOfXp'], 'xp.buy.failed');
    }
  });

  const line = (label: string, value: string, isStrong = false) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={isStrong ? undefined : 'dimmed'} fw={isStrong ? 600 : undefined}>
        {t(label)}
      </Text>
      <Text size="sm" fw={isStrong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('xp.buy.title')}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('xp.buy.intro')}
        </Text>
        <NumberField
          control={form.control}
          name="amountOfXp"
          label={t('xp.buy.amount')}
          description={t('xp.buy.limits', { min: formatXp(minPurchase), max: formatXp(maxPurchase) })}
          min={minPurchase}
          max={maxPurchase}
          // Say what is wrong instead of silently changing what was typed.
          clampBehavior="none"
          step={1000}
          allowDecimal={false}
          allowNegative={false}
          required
          data-autofocus
        />
        <Stack gap={6} aria-label={t('xp.buy.summary')} role="group">
          {line('xp.buy.current', formatXp(balance.amountOfXp))}
          {line('xp.buy.cost', formatEuro(xpCostCents(points)))}
          <Divider />
          {line('xp.buy.result', formatXp(balance.amountOfXp + points), true)}
        </Stack>
        <Alert variant="light" color="gray" p="xs">
          <Text size="xs">{t('xp.buy.vatNote')}</Text>
        </Alert>
        <SubmitActions submitLabel="xp.buy.submit" isSubmitting={buy.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
