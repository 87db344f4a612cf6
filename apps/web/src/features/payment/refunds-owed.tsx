import { Badge, Button, Group, Modal, Radio, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  invoiceEndpoints,
  paymentEndpoints,
  type RecordRefundInput,
  type RefundOwed,
  recordableRefundMethods,
} from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiListQuery, useApiMutation } from '@/app/api-hooks';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { defaultListState, type ListState } from '@/ui/list-search';
import { MODAL_SIZES } from '@/ui/modal-sizes';
import { formatEuro } from '@/ui/money';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';

/** Whose refunds: the active gym's (or location's) invoices, or the platform's (XP invoices, product orders). */
export type RefundScope = 'gym' | 'platform';

const endpointsOf = (scope: RefundScope) =>
  scope === 'gym'
    ? { list: invoiceEndpoints.refundsOwed, record: invoiceEndpoints.recordRefund }
    : { list: paymentEndpoints.platformRefundsOwed, record: paymentEndpoints.recordPlatformRefund };

/** Recording a refund makes the refunds, the invoices and the XP invoices stale. */
function useRecordRefund(scope: RefundScope) {
  const queryClient = useQueryClient();
  return useApiMutation(endpointsOf(scope).record, {
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

const columns: ListColumn<RefundOwed>[] = [
  {
    id: 'createdAt',
    header: 'payment.refunds.fields.date',
    sortField: 'createdAt',
    width: 120,
    cell: (row) => <Text size="sm">{formatDate(row.createdAt)}</Text>,
  },
  {
    id: 'reference',
    header: 'payment.refunds.fields.reference',
    cell: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.reference}
        </Text>
        <RefundSubject row={row} />
      </Stack>
    ),
  },
  {
    id: 'payerName',
    header: 'payment.refunds.fields.payer',
    cell: (row) => <Text size="sm">{row.payerName}</Text>,
  },
  {
    id: 'reason',
    header: 'payment.refunds.fields.reason',
    cell: (row) => <RefundReason row={row} />,
  },
  {
    id: 'amountCents',
    header: 'payment.refunds.fields.amount',
    sortField: 'amountCents',
    align: 'right',
    width: 120,
    cell: (row) => <Text size="sm">{formatEuro(row.amountCents)}</Text>,
  },
];

function RefundSubject({ row }: { row: RefundOwed }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {t(`payment.refunds.subject.${row.subject}`)}
    </Text>
  );
}

function RefundReason({ row }: { row: RefundOwed }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm">{t(`payment.refunds.reason.${row.reason}`)}</Text>
      {row.status === 'refunded' && row.method && (
        <Text size="xs" c="dimmed">
          {t('payment.refunds.refundedBy', {
            method: t(`payment.refunds.method.${row.method}`),
            date: row.refundedAt ? formatDate(row.refundedAt) : '',
          })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * 'Terug te betalen': money a payer gets back (decision 015), owed or refunded, newest first, paged; a
 * refund owed is recorded after its method is chosen and confirmed.
 */
export function RefundsOwedList({ scope }: { scope: RefundScope }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>(defaultListState);
  const [status, setStatus] = useState<'owed' | 'refunded'>('owed');
  const [recording, setRecording] = useState<RefundOwed | undefined>();
  const query = useApiListQuery(endpointsOf(scope).list, {
    query: {
      page: state.page,
      pageSize: state.pageSize,
      direction: state.direction,
      status,
      ...(state.search ? { search: state.search } : {}),
      ...(state.sort ? { sort: state.sort as 'createdAt' } : {}),
    },
  });
  const rowActions: RowAction<RefundOwed>[] = [
    {
      label: 'payment.refunds.record',
      icon: <IconReceiptRefund size={18} aria-hidden />,
      onClick: setRecording,
      isHidden: (row) => row.status !== 'owed',
    },
  ];
  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        {t('payment.refunds.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t(scope === 'gym' ? 'payment.refunds.gymSubtitle' : 'payment.refunds.platformSubtitle')}
      </Text>
      {query.isError ? (
        <ErrorState message="payment.refunds.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label={t(`payment.refunds.label.${status}`)}
          columns={columns}
          data={query.data}
          isLoading={query.isPending}
          state={state}
          onStateChange={setState}
          getRowLabel={(row) => row.reference}
          rowActions={rowActions}
          // Under the invoices' list, whose search is the page's: one search box (paged instead).
          withSearch={false}
          toolbar={
            <SegmentedControl
              aria-label={t('payment.refunds.statusFilter')}
              value={status}
              onChange={(value) => {
                setStatus(value as 'owed' | 'refunded');
                setState((previous) => ({ ...previous, page: 1 }));
              }}
              data={[
                { value: 'owed', label: t('payment.refunds.status.owed') },
                { value: 'refunded', label: t('payment.refunds.status.refunded') },
              ]}
            />
          }
        />
      )}
      <RecordRefundModal scope={scope} refund={recording} onClose={() => setRecording(undefined)} />
    </Stack>
  );
}

/** The refunds owed of one invoice (in its panel), each with its button to record it. */
export function InvoiceRefunds({ refunds }: { refunds: RefundOwed[] }) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState<RefundOwed | undefined>();
  if (refunds.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('payment.refunds.title')}
      </Title>
      {refunds.map((refund) => (
        <Group key={refund.id} justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {formatEuro(refund.amountCents)} · {t(`payment.refunds.reason.${refund.reason}`)}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color={refund.status === 'owed' ? 'orange' : 'green'}>
                {t(`payment.refunds.status.${refund.status}`)}
              </Badge>
              {refund.method && (
                <Text size="xs" c="dimmed">
                  {t(`payment.refunds.method.${refund.method}`)}
                </Text>
              )}
            </Group>
          </Stack>
          {refund.status === 'owed' && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconReceiptRefund size={14} aria-hidden />}
              onClick={() => setRecording(refund)}
            >
              {t('payment.refunds.record')}
            </Button>
          )}
        </Group>
      ))}
      <RecordRefundModal scope="gym" refund={recording} onClose={() => setRecording(undefined)} />
    </Stack>
  );
}

/** How the refund was paid back, then a confirmation: the amount, to whom, and how. */
function RecordRefundModal({
  scope,
  refund,
  onClose,
}: {
  scope: RefundScope;
  refund: RefundOwed | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordRefund(scope);
  const [method, setMethod] = useState<RecordRefundInput['method'] | ''>('');
  const close = () => {
    setMethod('');
    onClose();
  };
  const methods = recordableRefundMethods.filter(
    (option) => option !== 'provider' || refund?.canRefundByProvider,
  );
  const submit = async () => {
    if (!refund || method === '') return;
    try {
      await record.mutateAsync({ params: { id: refund.id }, body: { method } });
      showSuccess(t('payment.refunds.recorded', { reference: refund.reference }));
      close();
    } catch (error) {
      showFailure(error, 'payment.refunds.recordFailed');
    }
  };
  return (
    <Modal
      opened={refund !== undefined}
      onClose={close}
      title={t('payment.refunds.recordTitle')}
      size={MODAL_SIZES.default}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      {refund && (
        <Stack gap="md">
          <Text size="sm">
            {t('payment.refunds.recordMessage', {
              amount: formatEuro(refund.amountCents),
              name: refund.payerName,
              reference: refund.reference,
            })}
          </Text>
          <Radio.Group
            label={t('payment.refunds.methodLabel')}
            value={method}
            onChange={(value) => setMethod(value as RecordRefundInput['method'])}
          >
            <Stack gap="xs" mt="xs">
              {methods.map((option) => (
                <Radio key={option} value={option} label={t(`payment.refunds.method.${option}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {method === 'provider' && (
            <Text size="sm" c="dimmed">
              {t('payment.refunds.providerNotice')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('payment.refunds.keep')}
            </Button>
            <Button disabled={method === ''} loading={record.isPending} onClick={() => void submit()}>
              {t('payment.refunds.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
