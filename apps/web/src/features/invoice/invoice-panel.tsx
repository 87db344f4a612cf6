import {
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCash,
  IconCreditCard,
  IconFileTypePdf,
  IconLink,
  IconMail,
  IconReceiptOff,
} from '@tabler/icons-react';
import {
  INVOICE_PDF_PATH,
  type Invoice,
  InvoiceStatus,
  isPayableInvoice,
  PaymentMethod,
} from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { formatDate } from '@/ui/inputs/date-utils';
import { formatEuro } from '@/ui/money';
import { SidePanel } from '@/ui/side-panel';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { InvoiceRefunds } from '../payment/refunds-owed';
import {
  useCancelInvoice,
  useInvoice,
  useInvoicePaymentLink,
  useMarkInvoicePaid,
  useSendInvoicePaymentLink,
} from './api';
import { CreditBadge, InvoiceStatusBadge } from './status-badge';

interface InvoicePanelProps {
  invoiceId: number | undefined;
  onClose: () => void;
  /** Opens another invoice (the credit invoice, or the invoice a credit invoice cancels). */
  onOpen: (id: number) => void;
}

/** An invoice in the side panel: parties, lines, VAT per rate, payments; paid at the desk, linked, or cancelled. */
export function InvoicePanel({ invoiceId, onClose, onOpen }: InvoicePanelProps) {
  const { t } = useTranslation();
  const query = useInvoice(invoiceId);
  const invoice = query.data;
  return (
    <SidePanel
      opened={invoiceId !== undefined}
      onClose={onClose}
      title={
        invoice ? t('invoice.detail.title', { number: invoice.invoiceNumber }) : t('invoice.detail.loading')
      }
      subtitle={invoice?.memberName}
      isLoading={query.isPending && invoiceId !== undefined}
      footer={invoice && <InvoiceActions invoice={invoice} />}
    >
      {query.isError ? (
        <ErrorState message="invoice.detail.fetchFailed" onRetry={() => void query.refetch()} />
      ) : invoice ? (
        <InvoiceDetail invoice={invoice} onOpen={onOpen} />
      ) : null}
    </SidePanel>
  );
}

function InvoiceDetail({ invoice, onOpen }: { invoice: Invoice; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.creditedInvoiceId !== null && <CreditBadge />}
          {invoice.paymentMethod !== null && (
            <Badge variant="outline" color="gray">
              {t(`invoice.paymentMethod.${invoice.paymentMethod}`)}
            </Badge>
          )}
        </Group>
        <Button
          component="a"
          href={`/api${INVOICE_PDF_PATH.replace('{id}', String(invoice.id))}`}
          target="_blank"
          rel="noreferrer"
          size="xs"
          variant="default"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
        >
          {t('invoice.detail.pdf')}
        </Button>
      </Group>
      {invoice.creditedInvoiceId !== null && (
        <LinkedInvoice
          text="invoice.detail.creditFor"
          link="invoice.detail.openCredited"
          onOpen={() => onOpen(invoice.creditedInvoiceId!)}
        />
      )}
      {invoice.creditInvoiceId !== null && (
        <LinkedInvoice
          text="invoice.detail.cancelledBy"
          link="invoice.detail.openCredit"
          onOpen={() => onOpen(invoice.creditInvoiceId!)}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label="invoice.fields.member" value={invoice.memberName} />
        <Field label="invoice.fields.location" value={invoice.locationName} />
        <Field label="invoice.fields.invoiceDate" value={formatDate(invoice.invoiceDate)} />
        <Field label="invoice.fields.dueDate" value={formatDate(invoice.dueDate)} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" aria-label={t('invoice.detail.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.line.description')}</Table.Th>
              <Table.Th ta="right">{t('invoice.line.quantity')}</Table.Th>
              <Table.Th ta="right">{t('invoice.line.price')}</Table.Th>
              <Table.Th ta="right">{t('invoice.line.vat')}</Table.Th>
              <Table.Th ta="right">{t('invoice.line.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatEuro(line.unitPriceCents)}</Table.Td>
                <Table.Td ta="right">{line.vatRate}%</Table.Td>
                <Table.Td ta="right">{formatEuro(line.totalCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} align="flex-end">
        <Total label={t('invoice.detail.subtotal')} cents={invoice.subtotal} />
        {invoice.vat.map((rate) => (
          <Total
            key={rate.rate}
            label={t('invoice.detail.vatLine', { rate: rate.rate, base: formatEuro(rate.baseCents) })}
            cents={rate.vatCents}
          />
        ))}
        <Total label={t('invoice.detail.total')} cents={invoice.totalAmount} strong />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('invoice.detail.payments')}
        </Title>
        {invoice.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoice.detail.noPayments')}
          </Text>
        ) : (
          invoice.payments.map((payment) => (
            <Paper key={payment.id} withBorder radius="sm" p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {t(`payment.status.${payment.status}`)} · {formatEuro(payment.amountCents)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {payment.history
                      .map((step) => `${t(`payment.status.${step.status}`)} ${formatDate(step.at)}`)
                      .join(' → ')}
                    {payment.chargedBackCents > 0 &&
                      ` · ${t('invoice.detail.chargedBack', { amount: formatEuro(payment.chargedBackCents) })}`}
                  </Text>
                </Stack>
                {payment.checkoutUrl && (
                  <Group gap="xs" wrap="nowrap">
                    <Anchor href={payment.checkoutUrl} target="_blank" rel="noreferrer" size="sm">
                      {t('invoice.detail.openLink')}
                    </Anchor>
                    <CopyButton value={payment.checkoutUrl}>
                      {({ copied, copy }) => (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconLink size={14} aria-hidden />}
                          onClick={copy}
                        >
                          {t(copied ? 'invoice.detail.linkCopied' : 'invoice.detail.copyLink')}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                )}
              </Group>
            </Paper>
          ))
        )}
      </Stack>
      <InvoiceRefunds refunds={invoice.refunds} />
    </Stack>
  );
}

/** A sentence about a linked invoice (the credit invoice, or the one it cancels) with a link that opens it. */
function LinkedInvoice({ text, link, onOpen }: { text: string; link: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t(text)}{' '}
      <Anchor component="button" type="button" onClick={onOpen}>
        {t(link)}
      </Anchor>
    </Text>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

function Total({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group gap="xl" justify="flex-end" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} miw={100} ta="right">
        {formatEuro(cents)}
      </Text>
    </Group>
  );
}

/** The desk's actions: paid by card or cash, a payment link, cancel by a credit invoice (after confirmation). */
function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const markPaid = useMarkInvoicePaid();
  const cancel = useCancelInvoice();
  const link = useInvoicePaymentLink();
  const send = useSendInvoicePaymentLink();
  const isCredit = invoice.creditedInvoiceId !== null;
  const isPayable = isPayableInvoice(invoice);
  // An invoice of EUR 0.00 gets no payment link (decision 015); the desk may still close it.
  const hasAmount = invoice.totalAmount > 0;
  const canCancel = !isCredit && invoice.status !== InvoiceStatus.Cancelled;
  const params = { id: invoice.id };
  const paid = (paymentMethod: typeof PaymentMethod.Card | typeof PaymentMethod.Cash) =>
    confirm({
      title: 'invoice.markPaid.title',
      message: t(`invoice.markPaid.message.${paymentMethod}`, {
        number: invoice.invoiceNumber,
        amount: formatEuro(invoice.totalAmount),
      }),
      onConfirm: async () => {
        try {
          await markPaid.mutateAsync({ params, body: { paymentMethod } });
          showSuccess(t('invoice.markPaid.done', { number: invoice.invoiceNumber }));
        } catch (error) {
          showFailure(error, 'invoice.markPaid.failed');
        }
      },
    });
  if (!isPayable && !canCancel) return null;
  return (
    <Group justify="space-between" w="100%">
      {canCancel ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconReceiptOff size={16} aria-hidden />}
          onClick={() =>
            confirm({
              title: 'invoice.cancel.title',
              message: t('invoice.cancel.message', { number: invoice.invoiceNumber }),
              color: 'red',
              onConfirm: async () => {
                try {
                  await cancel.mutateAsync({ params });
                  showSuccess(t('invoice.cancel.done', { number: invoice.invoiceNumber }));
                } catch (error) {
                  showFailure(error, 'invoice.cancel.failed');
                }
              },
            })
          }
        >
          {t('invoice.cancel.action')}
        </Button>
      ) : (
        <span />
      )}
      {isPayable && (
        <Group gap="sm">
          {hasAmount && (
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              loading={send.isPending}
              onClick={() =>
                send.mutate(
                  { params },
                  {
                    onSuccess: () =>
                      showSuccess(t('invoice.sendPaymentLink.done', { name: invoice.memberName })),
                    onError: (error) => showFailure(error, 'invoice.sendPaymentLink.failed'),
                  },
                )
              }
            >
              {t('invoice.sendPaymentLink.action')}
            </Button>
          )}
          {hasAmount && (
            <Button
              variant="default"
              leftSection={<IconLink size={16} aria-hidden />}
              loading={link.isPending}
              onClick={() =>
                link.mutate(
                  { params },
                  {
                    onSuccess: () => showSuccess(t('invoice.paymentLink.done')),
                    onError: (error) => showFailure(error, 'invoice.paymentLink.failed'),
                  },
                )
              }
            >
              {t('invoice.paymentLink.action')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconCreditCard size={16} aria-hidden />}
            onClick={() => paid(PaymentMethod.Card)}
          >
            {t('invoice.markPaid.card')}
          </Button>
          <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => paid(PaymentMethod.Cash)}>
            {t('invoice.markPaid.cash')}
          </Button>
        </Group>
      )}
    </Group>
  );
}
