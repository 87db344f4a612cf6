import { Alert, Badge, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFlask } from '@tabler/icons-react';
import type { CheckoutAction, CheckoutPayment, PaymentStatus } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '@/app/error-pages';
import { showFailure } from '@/ui/form-errors';
import { formatEuro } from '@/ui/money';
import { ErrorState, LoadingState } from '@/ui/states';
import { useCheckout, useSettleCheckout } from './api';

const STATUS_COLORS: Record<PaymentStatus, string> = {
  created: 'gray',
  open: 'blue',
  pending: 'yellow',
  authorized: 'cyan',
  paid: 'green',
  failed: 'red',
  canceled: 'gray',
  expired: 'orange',
};

/** The main action first; the others as outlines; a chargeback apart (it comes days after a payment). */
const ACTION_VARIANTS: Record<CheckoutAction, { variant: string; color?: string }> = {
  paid: { variant: 'filled' },
  failed: { variant: 'outline', color: 'red' },
  canceled: { variant: 'outline', color: 'gray' },
  expired: { variant: 'outline', color: 'orange' },
  pending: { variant: 'outline', color: 'yellow' },
  chargedBack: { variant: 'outline', color: 'red' },
};

interface CheckoutPageProps {
  paymentId: string;
  /** The token of the checkout link: only who holds the link sees and settles the payment. */
  token: string;
  /** Where the browser goes after a settled payment; the redirect to the shop's return page by default. */
  onDone?: (redirectUrl: string) => void;
}

/**
 * The local test provider's hosted checkout (development only, as Mollie's test mode): the tester chooses
 * what happens to the payment; the provider then calls the webhook and sends the person back to where the
 * payment came from. A chargeback comes later and leaves the tester on the page.
 */
export function CheckoutPage({
  paymentId,
  token,
  onDone = (url) => window.location.assign(url),
}: CheckoutPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('payment.checkout.title')} · ${t('shell.productName')}`);
  const query = useCheckout(paymentId, token);
  const settle = useSettleCheckout();

  if (query.error?.status === 404) return <NotFoundPage />;

  /** The action being sent, to show its button busy and hold the others. */
  const pendingAction = settle.isPending
    ? (settle.variables?.body as { action: CheckoutAction } | undefined)?.action
    : undefined;
  const act = (action: CheckoutAction) =>
    settle.mutate(
      { params: { id: paymentId }, body: { action, token } },
      {
        onSuccess: (payment) => {
          void query.refetch();
          if (action !== 'chargedBack') onDone(payment.redirectUrl);
        },
        onError: (error) => showFailure(error, 'payment.checkout.failed'),
      },
    );

  return (
    <Container size={520} py="xl" component="main">
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="payment.checkout.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <CheckoutCard payment={query.data} pendingAction={pendingAction} onAction={act} />
      )}
    </Container>
  );
}

function CheckoutCard({
  payment,
  pendingAction,
  onAction,
}: {
  payment: CheckoutPayment;
  pendingAction: CheckoutAction | undefined;
  onAction: (action: CheckoutAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" shadow="sm">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2">
            {t('payment.checkout.title')}
          </Title>
          <Badge color={STATUS_COLORS[payment.status]} variant="light" size="lg">
            {t(`payment.status.${payment.status}`)}
          </Badge>
        </Group>
        <Alert color="yellow" variant="light" icon={<IconFlask size={18} aria-hidden />}>
          {t('payment.checkout.testNotice')}
        </Alert>
        <Stack gap={4}>
          <Text c="dimmed" size="sm">
            {t('payment.checkout.description')}
          </Text>
          <Text fw={500}>{payment.description}</Text>
        </Stack>
        <Stack gap={4}>
          <Text c="dimmed" size="sm">
            {t('payment.checkout.amount')}
          </Text>
          <Text fz={32} fw={700} data-testid="checkout-amount">
            {formatEuro(payment.amountCents)}
          </Text>
          <Text c="dimmed" size="sm">
            {t(`payment.sequenceType.${payment.sequenceType}`)}
          </Text>
          {payment.chargedBackCents > 0 && (
            <Text c="red" size="sm">
              {t('payment.checkout.chargedBack', { amount: formatEuro(payment.chargedBackCents) })}
            </Text>
          )}
        </Stack>
        <Divider />
        {payment.actions.length === 0 ? (
          <Text>{t('payment.checkout.settled')}</Text>
        ) : (
          <Stack gap="sm" role="group" aria-label={t('payment.checkout.actions')}>
            {payment.actions.map((action) => (
              <Button
                key={action}
                size="md"
                fullWidth
                {...ACTION_VARIANTS[action]}
                loading={pendingAction === action}
                disabled={pendingAction !== undefined && pendingAction !== action}
                onClick={() => onAction(action)}
              >
                {t(`payment.checkout.action.${action}`)}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
