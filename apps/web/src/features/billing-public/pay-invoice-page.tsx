import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import type { PublicInvoice } from '@xp/contracts';
import { InvoiceStatus } from '@xp/contracts/enums';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ApiCallError } from '@/app/api-client';
import { Facts } from '@/ui/facts';
import { formatDate } from '@/ui/inputs/date-utils';
import { formatEuro } from '@/ui/money';
import { LoadingState } from '@/ui/states';
import { usePayPublicInvoice, usePublicInvoice } from './api';
import { LinkError, MemberPage } from './member-page';

interface PayInvoicePageProps {
  token: string;
  /** Where the browser goes to pay: the provider's checkout page (a full navigation by default). */
  onCheckout?: (checkoutUrl: string) => void;
}

/**
 * `/betalen/$token`, the pay link of an invoice mail (no account): the invoice, and 'Betalen' while it is
 * due, which sends the member to the provider's checkout. The provider sends them back here, where the page
 * shows what became of it: paid, still pending at the bank (the page asks again by itself), or failed or
 * expired (they can pay again).
 */
export function PayInvoicePage({
  token,
  onCheckout = (url) => window.location.assign(url),
}: PayInvoicePageProps) {
  const { t } = useTranslation();
  const { query, isPolling } = usePublicInvoice(token);
  const pay = usePayPublicInvoice();
  const subject = t('billingPublic.pay.subject');

  if (query.isPending) {
    return (
      <MemberPage subject={subject}>
        <LoadingState />
      </MemberPage>
    );
  }
  if (!query.data) {
    return (
      <MemberPage subject={subject}>
        <LinkError error={query.error} onRetry={() => void query.refetch()} />
      </MemberPage>
    );
  }

  const invoice = query.data;
  const startPayment = () =>
    pay.mutate(
      // Back to this page (the default return).
      { params: { token }, body: {} },
      {
        onSuccess: ({ checkoutUrl }) => onCheckout(checkoutUrl),
        // No longer payable (paid or cancelled meanwhile): show what it is now.
        onError: (error) => {
          if (error.status === 409) void query.refetch();
        },
      },
    );

  return (
    <MemberPage subject={subject} gymName={invoice.gymName}>
      <Facts
        layout="spread"
        rows={[
          [t('billingPublic.pay.invoiceNumber'), invoice.invoiceNumber],
          [t('billingPublic.pay.invoiceDate'), formatDate(invoice.invoiceDate)],
          [t('billingPublic.pay.dueDate'), formatDate(invoice.dueDate)],
          [
            t('billingPublic.pay.amount'),
            <Text key="amount" component="span" fz={28} fw={700} data-testid="invoice-amount">
              {formatEuro(invoice.totalAmount)}
            </Text>,
          ],
        ]}
      />
      {pay.error && <PayError error={pay.error} />}
      <InvoiceState
        invoice={invoice}
        isPolling={isPolling}
        isChecking={query.isFetching}
        onCheckAgain={() => void query.refetch()}
      />
      {invoice.isPayable && (
        <Button
          size="lg"
          fullWidth
          // Also after the answer: the browser is on its way to the checkout page.
          loading={pay.isPending || pay.isSuccess}
          onClick={startPayment}
        >
          {t('billingPublic.pay.payButton')}
        </Button>
      )}
      {pay.isSuccess && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {t('billingPublic.pay.redirecting')}
        </Text>
      )}
    </MemberPage>
  );
}

/** Texts of a payable invoice by its status: why it is (again) to be paid. */
const DUE_TEXTS: Partial<Record<number, string>> = {
  [InvoiceStatus.Failed]: 'billingPublic.pay.failed',
  [InvoiceStatus.Expired]: 'billingPublic.pay.expired',
  [InvoiceStatus.ChargedBack]: 'billingPublic.pay.chargedBack',
};

function InvoiceState({
  invoice,
  isPolling,
  isChecking,
  onCheckAgain,
}: {
  invoice: PublicInvoice;
  isPolling: boolean;
  isChecking: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation();
  if (invoice.status === InvoiceStatus.Paid) {
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        title={t('billingPublic.pay.paidTitle')}
        icon={<IconCircleCheck size={20} aria-hidden />}
      >
        {t('billingPublic.pay.paid')}
      </Alert>
    );
  }
  if (invoice.isPending) {
    return (
      <Stack gap="sm">
        <Alert
          color="blue"
          variant="light"
          role="status"
          title={t('billingPublic.pay.pendingTitle')}
          icon={<IconClockHour4 size={20} aria-hidden />}
        >
          {t(isPolling ? 'billingPublic.pay.pending' : 'billingPublic.pay.pendingStopped')}
        </Alert>
        <Button size="md" variant="default" fullWidth loading={isChecking} onClick={onCheckAgain}>
          {t('billingPublic.pay.checkAgain')}
        </Button>
      </Stack>
    );
  }
  if (invoice.isPayable) {
    const isOverdue = invoice.dueDate < dayjs().format('YYYY-MM-DD');
    return (
      <Stack gap="xs">
        <Text>{t(DUE_TEXTS[invoice.status] ?? 'billingPublic.pay.open')}</Text>
        {isOverdue && <Text fw={500}>{t('billingPublic.pay.overdue')}</Text>}
      </Stack>
    );
  }
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
      {t(
        invoice.status === InvoiceStatus.Cancelled
          ? 'billingPublic.pay.cancelled'
          : 'billingPublic.pay.closed',
      )}
    </Alert>
  );
}

/** Why 'Betalen' did not lead to the checkout page. */
function PayError({ error }: { error: ApiCallError }) {
  const { t } = useTranslation();
  const message =
    error.status === 409
      ? 'billingPublic.pay.notPayable'
      : error.status === 429
        ? 'billingPublic.pay.tooMany'
        : error.status === 503
          ? 'billingPublic.pay.providerUnavailable'
          : 'billingPublic.pay.payFailed';
  return (
    <Alert color="red" variant="light" role="alert">
      {t(message)}
    </Alert>
  );
}
