import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconCreditCard,
  IconFileTypePdf,
} from '@tabler/icons-react';
import { InvoiceStatus } from '@xp/contracts/enums';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { CreditBadge, InvoiceStatusBadge } from '@/features/invoice/status-badge';
import { BackLink } from '@/ui/detail-page';
import { formatDate } from '@/ui/inputs/date-utils';
import { formatEuro, formatXp } from '@/ui/money';
import { ErrorState, LoadingState } from '@/ui/states';
import { useInvalidateBalance, useXpInvoice, xpInvoicePdfUrl } from './api';
import { usePayNow } from './pay-now';
import { forgetPaymentStarted, isPaymentStarted } from './payment-return';
import { isPayable } from './xp-invoice-list';

/** How often and how long the page asks for the outcome of a payment just made. */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_WAIT_MS = 60_000;

/** Not decided yet: the checkout or the charge is still under way. */
const isUndecided = (status: number) => status === InvoiceStatus.Open || status === InvoiceStatus.Pending;

interface XpInvoiceDetailProps {
  invoiceId: number;
  /** Back to the open invoices. */
  onBack: () => void;
}

/**
 * One XP invoice of the active employer: number, dates, XP, amount, VAT (0: XP is a multi-purpose voucher,
 * VAT is due when it is spent), status, the PDF, and 'Nu betalen' while it is payable. The checkout returns
 * here: while the payment started from this tab is undecided the page asks every 2 s (up to a minute) and
 * then shows the outcome; a paid one refreshes the header's balance.
 */
export function XpInvoiceDetail({ invoiceId, onBack }: XpInvoiceDetailProps) {
  const { t } = useTranslation();
  const activeEmployerId = useRequiredClaims().activeEmployerId ?? 0;
  const [isAwaiting, setAwaiting] = useState(() => isPaymentStarted(invoiceId));
  const [hasTimedOut, setTimedOut] = useState(false);
  const [outcome, setOutcome] = useState<number | null>(null);
  const isPolling = isAwaiting && !hasTimedOut;
  const query = useXpInvoice(activeEmployerId, invoiceId, isPolling ? PAYMENT_POLL_MS : false);
  const invoice = query.data;
  const invalidateBalance = useInvalidateBalance();
  const payNow = usePayNow(activeEmployerId);
  const [isPaying, setPaying] = useState(false);
  useDocumentTitle(
    `${invoice ? t('xp.invoice.title', { number: invoice.invoiceNumber }) : t('xp.invoices.openTitle')} · ${t('shell.productName')}`,
  );

  // Waiting stops after a minute; 'Opnieuw controleren' waits another.
  useEffect(() => {
    if (!isPolling) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isPolling]);

  // The outcome is in: show it once, and the balance when it was paid.
  const status = invoice?.status;
  useEffect(() => {
    if (!isAwaiting || status === undefined || isUndecided(status)) return;
    forgetPaymentStarted(invoiceId);
    setAwaiting(false);
    setOutcome(status);
    if (status === InvoiceStatus.Paid) void invalidateBalance();
  }, [isAwaiting, status, invoiceId, invalidateBalance]);

  const back = <BackLink label="xp.invoice.back" onBack={onBack} />;
  if (query.isPending) return <LoadingState />;
  if (!invoice) {
    const isMissing = query.error?.status === 404;
    return (
      <>
        {back}
        <ErrorState
          message={isMissing ? 'xp.errors.notFound' : 'xp.invoice.fetchFailed'}
          onRetry={isMissing ? undefined : () => void query.refetch()}
        />
      </>
    );
  }

  const checkAgain = () => {
    setTimedOut(false);
    setAwaiting(true);
    void query.refetch();
  };
  const pay = async () => {
    setPaying(true);
    if (await payNow(invoice)) {
      // A charge on the mandate stays on this page: wait for its outcome.
      setOutcome(null);
      setTimedOut(false);
      setAwaiting(true);
    }
    setPaying(false);
  };
  const canPay = isPayable(invoice) && !isPolling;
  const amountExclVat = invoice.totalPrice - invoice.vat;

  return (
    <>
      {back}
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
        <Stack gap={6}>
          <Title order={1} fz="h2">
            {t('xp.invoice.title', { number: invoice.invoiceNumber })}
          </Title>
          <Group gap={6}>
            <InvoiceStatusBadge status={invoice.status} />
            {invoice.creditedInvoiceId !== null && <CreditBadge />}
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            component="a"
            href={xpInvoicePdfUrl(invoice.id)}
            target="_blank"
            rel="noreferrer"
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
          >
            {t('xp.invoice.pdf')}
          </Button>
          {canPay && (
            <Button
              leftSection={<IconCreditCard size={16} aria-hidden />}
              loading={isPaying}
              onClick={() => void pay()}
            >
              {t('xp.invoices.pay')}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="lg" maw={760}>
        <PaymentState
          isPolling={isPolling}
          isStillOpen={isAwaiting && hasTimedOut}
          outcome={outcome}
          amountOfXp={invoice.amountOfXp}
          onCheckAgain={checkAgain}
        />
        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Field label="xp.invoices.number" value={invoice.invoiceNumber} />
            <Field label="xp.invoice.employer" value={invoice.employerName} />
            <Field label="xp.invoices.date" value={formatDate(invoice.invoiceDate)} />
            <Field label="xp.invoice.dueDate" value={formatDate(invoice.dueDate)} />
            <Field label="xp.invoices.amountOfXp" value={formatXp(invoice.amountOfXp)} />
            <Field
              label="xp.invoice.collection"
              value={t(`xp.invoice.collectionKind.${invoice.collection}`)}
            />
            {invoice.paidAt && <Field label="xp.invoice.paidAt" value={formatDate(invoice.paidAt)} />}
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Line label="xp.invoice.amount" value={formatEuro(amountExclVat)} />
            <Line label="xp.invoice.vat" value={formatEuro(invoice.vat)} />
            <Line label="xp.invoice.total" value={formatEuro(invoice.totalPrice)} isStrong />
            <Text size="xs" c="dimmed" mt="xs">
              {t('xp.invoice.vatNote')}
            </Text>
          </Stack>
        </Card>
      </Stack>
    </>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t(label)}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

function Line({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Text size="sm" fw={isStrong ? 700 : undefined}>
        {t(label)}
      </Text>
      <Text size="sm" fw={isStrong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

interface PaymentStateProps {
  isPolling: boolean;
  /** Waited a minute and the payment is still undecided. */
  isStillOpen: boolean;
  /** The status the awaited payment ended in. */
  outcome: number | null;
  amountOfXp: number;
  onCheckAgain: () => void;
}

/** What became of the payment just made: waiting, paid, failed, or not known yet. */
function PaymentState({ isPolling, isStillOpen, outcome, amountOfXp, onCheckAgain }: PaymentStateProps) {
  const { t } = useTranslation();
  if (isPolling)
    return (
      <Alert color="blue" variant="light" icon={<Loader size={16} aria-hidden />} role="status">
        {t('xp.invoice.polling')}
      </Alert>
    );
  if (isStillOpen)
    return (
      <Alert color="yellow" variant="light" icon={<IconClock size={18} aria-hidden />} role="status">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('xp.invoice.stillPending')}</Text>
          <Button size="xs" variant="default" onClick={onCheckAgain}>
            {t('xp.invoice.checkAgain')}
          </Button>
        </Group>
      </Alert>
    );
  if (outcome === null) return null;
  if (outcome === InvoiceStatus.Paid)
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        {t('xp.invoice.paid', { amount: formatXp(amountOfXp) })}
      </Alert>
    );
  return (
    <Alert color="red" variant="light" icon={<IconCircleX size={18} aria-hidden />} role="alert">
      {t('xp.invoice.failed', { status: t(`invoice.status.${outcome}`) })}
    </Alert>
  );
}
