import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import type { PublicInvoice } from '@xp/contracts';
import { InvoiceStatus } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import type { ApiCallError } from '@/app/api-client';
import { formatEuro } from '@/ui/money';
import { LoadingState } from '@/ui/states';
import { usePayAgain, useSignUpResult } from './result-api';
import { SignUpFrame } from './sign-up-frame';
import { useIdle } from './use-idle';

/** The kiosk's result page goes back to the kiosk's start after this long without a touch. */
export const KIOSK_RESULT_MS = 20_000;

interface SignUpResultPageProps {
  token: string;
  /** The kiosk's start: back there after a while, and by the button (the route checked it: `safeReturnPath`). */
  returnTo?: string | undefined;
  onReturn?: (path: string) => void;
  /** To the provider's checkout (a full navigation by default). */
  onCheckout?: (checkoutUrl: string) => void;
}

/**
 * `/inschrijven/resultaat/$token`, where the bank sends the person back after the first payment: welcome
 * (paid), the payment being processed (the page asks again every 3 s), or it failed (pay again). On the
 * kiosk it goes back to the start by itself.
 */
export function SignUpResultPage({
  token,
  returnTo,
  onReturn = (path) => window.location.assign(path),
  onCheckout = (url) => window.location.assign(url),
}: SignUpResultPageProps) {
  const { t } = useTranslation();
  const { query, isPolling } = useSignUpResult(token);
  const pay = usePayAgain();
  useIdle(KIOSK_RESULT_MS, () => returnTo && onReturn(returnTo), returnTo !== undefined);

  const invoice = query.data;
  const payAgain = () =>
    pay.mutate(
      // Back to this page (with the kiosk's way back), and a first payment again: its mandate (decision 018).
      { params: { token }, body: { returnPath: window.location.pathname + window.location.search } },
      {
        onSuccess: ({ checkoutUrl }) => onCheckout(checkoutUrl),
        // No longer payable (paid meanwhile): show what it is now.
        onError: (error) => {
          if (error.status === 409) void query.refetch();
        },
      },
    );

  return (
    <SignUpFrame gym={invoice ? { name: invoice.gymName } : null} isKiosk={returnTo !== undefined}>
      <Stack gap="lg">
        {query.isPending ? (
          <LoadingState />
        ) : !invoice ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ResultState
            invoice={invoice}
            isPolling={isPolling}
            isChecking={query.isFetching}
            onCheckAgain={() => void query.refetch()}
            onPayAgain={payAgain}
            isPaying={pay.isPending || pay.isSuccess}
            payError={pay.error}
          />
        )}
        {returnTo && (
          <Stack gap="xs">
            <Button size="xl" variant="default" fullWidth onClick={() => onReturn(returnTo)}>
              {t('signUp.result.newSignUp')}
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              {t('signUp.result.backSoon', { seconds: KIOSK_RESULT_MS / 1000 })}
            </Text>
          </Stack>
        )}
      </Stack>
    </SignUpFrame>
  );
}

interface ResultStateProps {
  invoice: PublicInvoice;
  isPolling: boolean;
  isChecking: boolean;
  onCheckAgain: () => void;
  onPayAgain: () => void;
  isPaying: boolean;
  payError: ApiCallError | null;
}

function ResultState({
  invoice,
  isPolling,
  isChecking,
  onCheckAgain,
  onPayAgain,
  isPaying,
  payError,
}: ResultStateProps) {
  const { t } = useTranslation();
  if (invoice.status === InvoiceStatus.Paid) {
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        title={t('signUp.result.paidTitle')}
        icon={<IconCircleCheck size={22} aria-hidden />}
      >
        <Stack gap="xs">
          <Text size="sm">{t('signUp.result.paid', { gym: invoice.gymName })}</Text>
          <Text size="sm">{t('signUp.result.completedAtClub')}</Text>
        </Stack>
      </Alert>
    );
  }
  if (invoice.isPending || invoice.status === InvoiceStatus.Pending) {
    return (
      <Stack gap="sm">
        <Alert
          color="blue"
          variant="light"
          role="status"
          title={t('signUp.result.pendingTitle')}
          icon={<IconClockHour4 size={22} aria-hidden />}
        >
          <Text size="sm">{t(isPolling ? 'signUp.result.pending' : 'signUp.result.pendingStopped')}</Text>
        </Alert>
        {!isPolling && (
          <Button variant="default" size="md" loading={isChecking} onClick={onCheckAgain}>
            {t('signUp.result.checkAgain')}
          </Button>
        )}
      </Stack>
    );
  }
  if (invoice.isPayable) {
    return (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('signUp.result.failedTitle')}
          icon={<IconAlertTriangle size={22} aria-hidden />}
        >
          <Stack gap="xs">
            <Text size="sm">{t('signUp.result.failed')}</Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('signUp.result.amount')}</Text>
              <Text size="sm" fw={700} data-testid="sign-up-result-amount">
                {formatEuro(invoice.totalAmount)}
              </Text>
            </Group>
          </Stack>
        </Alert>
        {payError && (
          <Text c="red" size="sm" role="alert">
            {t(payError.status === 429 ? 'signUp.errors.tooMany' : 'signUp.result.payFailed')}
          </Text>
        )}
        <Button size="lg" fullWidth loading={isPaying} onClick={onPayAgain}>
          {t('signUp.result.payAgain')}
        </Button>
      </Stack>
    );
  }
  return (
    <Alert color="gray" variant="light" role="status" icon={<IconInfoCircle size={22} aria-hidden />}>
      {t('signUp.result.closed', { gym: invoice.gymName })}
    </Alert>
  );
}

/** The invoice could not be read: an unknown link, asked too often, or the server failed (try again). */
function LoadError({ error, onRetry }: { error: ApiCallError | null; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = error?.status ?? 0;
  if (status === 404 || status === 400)
    return (
      <Alert color="orange" variant="light" role="alert">
        {t('signUp.result.unknown')}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={22} aria-hidden />}>
        {t(status === 429 ? 'signUp.errors.tooMany' : 'signUp.result.loadFailed')}
      </Alert>
      <Button variant="default" onClick={onRetry}>
        {t('signUp.result.retry')}
      </Button>
    </Stack>
  );
}
