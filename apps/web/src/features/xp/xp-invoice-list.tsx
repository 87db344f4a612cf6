import { ActionIcon, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCreditCard, IconFileTypePdf, IconReceiptOff } from '@tabler/icons-react';
import { payableXpInvoiceStatuses, type XpInvoice } from '@xp/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { type InvoiceTab, invoiceTabs, statusOfTab } from '@/features/invoice/search';
import { CreditBadge, InvoiceStatusBadge } from '@/features/invoice/status-badge';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type ListTab, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import { formatEuro, formatXp } from '@/ui/money';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { RefundsOwedList } from '../payment/refunds-owed';
import { fetchXpInvoices, useCancelXpInvoice, useXpInvoices, type XpScope, xpInvoicePdfUrl } from './api';
import { XpListFilters } from './list-filters';
import { usePayNow } from './pay-now';
import type { XpInvoiceListState } from './search';

/** The tab counts come keyed by status number; the tabs in the URL by name (as the gym's invoices). */
const tabs: ListTab[] = invoiceTabs.map((value) => ({
  value: value === 'all' ? 'all' : String(statusOfTab[value]),
  label: `invoice.tabs.${value}`,
}));
const tabOfValue = (value: string | undefined): InvoiceTab | undefined =>
  invoiceTabs.find((tab) => tab !== 'all' && String(statusOfTab[tab]) === value);

/** An invoice a new payment may be started for (not a credit invoice, not cancelled by one). */
export const isPayable = (invoice: XpInvoice) =>
  payableXpInvoiceStatuses.includes(invoice.status) &&
  invoice.creditedInvoiceId === null &&
  invoice.creditInvoiceId === null;

/** What the admin may still cancel by a credit invoice: unpaid, not a credit invoice, not cancelled. */
const isCancellable = isPayable;

function PdfLink({ invoice }: { invoice: XpInvoice }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      component="a"
      href={xpInvoicePdfUrl(invoice.id)}
      target="_blank"
      rel="noreferrer"
      variant="subtle"
      color="gray"
      aria-label={t('xp.invoices.pdfOf', { number: invoice.invoiceNumber })}
      title={t('xp.invoices.pdf')}
      onClick={(event) => event.stopPropagation()}
    >
      <IconFileTypePdf size={18} aria-hidden />
    </ActionIcon>
  );
}

function columns(t: TFunction, withEmployer: boolean, withPdf: boolean): ListColumn<XpInvoice>[] {
  return [
    {
      id: 'invoiceNumber',
      header: 'xp.invoices.number',
      sortField: 'invoiceNumber',
      width: 150,
      cell: (invoice) => (
        <Text size="sm" ff="monospace">
          {invoice.invoiceNumber}
        </Text>
      ),
      exportValue: (invoice) => invoice.invoiceNumber,
    },
    {
      id: 'invoiceDate',
      header: 'xp.invoices.date',
      sortField: 'invoiceDate',
      width: 120,
      cell: (invoice) => <Text size="sm">{formatDate(invoice.invoiceDate)}</Text>,
      exportValue: (invoice) => formatDate(invoice.invoiceDate),
    },
    ...(withEmployer
      ? [
          {
            id: 'employer',
            header: 'xp.invoices.employer',
            cell: (invoice: XpInvoice) => <Text size="sm">{invoice.employerName}</Text>,
            exportValue: (invoice: XpInvoice) => invoice.employerName,
          },
        ]
      : []),
    {
      id: 'amountOfXp',
      header: 'xp.invoices.amountOfXp',
      sortField: 'amountOfXp',
      align: 'right',
      width: 130,
      cell: (invoice) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatXp(invoice.amountOfXp)}
        </Text>
      ),
      exportValue: (invoice) => invoice.amountOfXp,
    },
    {
      id: 'totalPrice',
      header: 'xp.invoices.total',
      align: 'right',
      width: 130,
      cell: (invoice) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(invoice.totalPrice)}
        </Text>
      ),
      exportValue: (invoice) => (invoice.totalPrice / 100).toFixed(2).replace('.', ','),
    },
    {
      id: 'status',
      header: 'xp.invoices.status',
      width: 260,
      cell: (invoice) => (
        <Group gap={6}>
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.creditedInvoiceId !== null && <CreditBadge />}
        </Group>
      ),
      exportValue: (invoice) =>
        invoice.creditedInvoiceId === null
          ? t(`invoice.status.${invoice.status}`)
          : `${t(`invoice.status.${invoice.status}`)} (${t('invoice.credit')})`,
    },
    ...(withPdf
      ? [
          {
            id: 'pdf',
            header: 'xp.invoices.pdf',
            width: 70,
            align: 'center' as const,
            cell: (invoice: XpInvoice) => <PdfLink invoice={invoice} />,
          },
        ]
      : []),
  ];
}

const TITLES = {
  open: ['xp.invoices.openTitle', 'xp.invoices.openSubtitle'],
  employer: ['xp.invoices.title', 'xp.invoices.subtitle'],
  admin: ['xp.invoices.adminTitle', 'xp.invoices.adminSubtitle'],
} as const;

interface XpInvoicesPageProps {
  /**
   * `open`: the active employer's invoices still to pay ('Nu betalen'); `employer`: all of them, a tab per
   * status; `admin`: every employer's, with the employer and 'Annuleren'.
   */
  scope: 'open' | 'employer' | 'admin';
  state: XpInvoiceListState;
  onStateChange: (state: XpInvoiceListState) => void;
  /** Opens an invoice's page (the employer's). */
  onOpenInvoice?: (id: number) => void;
}

/** The XP invoices (spec 001 section 3: invoiceNumber, invoiceDate, employer, amountOfXp, totalPrice, status). */
export function XpInvoicesPage({ scope, state, onStateChange, onOpenInvoice }: XpInvoicesPageProps) {
  const { t } = useTranslation();
  const [title, subtitle] = TITLES[scope];
  useDocumentTitle(`${t(title)} · ${t('shell.productName')}`);
  const activeEmployerId = useRequiredClaims().activeEmployerId ?? 0;
  const xpScope: XpScope = scope === 'admin' ? { kind: 'admin' } : { kind: 'employer', activeEmployerId };
  const isOpenOnly = scope === 'open';
  const tab = state.tab as InvoiceTab | undefined;
  // The list's tab is kept by name in the URL; GenericList speaks the tab count keys (status numbers).
  const shown: XpInvoiceListState = {
    ...state,
    tab: tab && tab !== 'all' ? String(statusOfTab[tab]) : undefined,
  };
  const counts = useListCounts(state, [scope, activeEmployerId]);
  const query = useXpInvoices(xpScope, state, { openOnly: isOpenOnly, counts: counts.countsQuery });
  const data = counts.withCounts(query.data, query.isPlaceholderData);
  const confirm = useConfirm();
  const cancel = useCancelXpInvoice();
  const payNow = usePayNow(activeEmployerId);
  const hasFilter = Boolean(state.search || state.employerId || state.from || state.to);
  const total = isOpenOnly ? data?.total : (data?.tabCounts?.all ?? data?.total);
  const hasNone = data !== undefined && !hasFilter && total === 0;

  const askCancel = (invoice: XpInvoice) =>
    void confirm({
      title: 'xp.invoices.cancelTitle',
      message: t('xp.invoices.cancelMessage', {
        number: invoice.invoiceNumber,
        employer: invoice.employerName,
        amount: formatEuro(invoice.totalPrice),
      }),
      confirmLabel: 'xp.invoices.cancelConfirm',
      cancelLabel: 'xp.invoices.keep',
      color: 'red',
      onConfirm: async () => {
        try {
          await cancel.mutateAsync({ params: { id: invoice.id } });
          counts.forget();
          showSuccess(t('xp.invoices.cancelled', { number: invoice.invoiceNumber }));
        } catch (error) {
          showFailure(error, 'xp.invoices.cancelFailed');
        }
      },
    });

  const rowActions: RowAction<XpInvoice>[] =
    scope === 'admin'
      ? [
          {
            label: 'xp.invoices.cancel',
            icon: <IconReceiptOff size={18} aria-hidden />,
            color: 'red',
            onClick: askCancel,
            isHidden: (invoice) => !isCancellable(invoice),
          },
        ]
      : [
          {
            label: 'xp.invoices.pay',
            icon: <IconCreditCard size={18} aria-hidden />,
            onClick: (invoice) => void payNow(invoice),
            isHidden: (invoice) => !isPayable(invoice),
          },
        ];

  const toolbar = isOpenOnly ? undefined : (
    <XpListFilters state={state} onStateChange={onStateChange} hasEmployerFilter={scope === 'admin'} />
  );

  return (
    <>
      <PageHeader title={title} subtitle={t(subtitle)} />
      {query.isError ? (
        <ErrorState message="xp.invoices.fetchFailed" onRetry={() => void query.refetch()} />
      ) : hasNone ? (
        <EmptyState
          title={isOpenOnly ? 'xp.invoices.emptyOpenTitle' : 'xp.invoices.emptyTitle'}
          message={isOpenOnly ? 'xp.invoices.emptyOpenMessage' : 'xp.invoices.emptyMessage'}
        />
      ) : (
        <GenericList
          label={t(title)}
          columns={columns(t, scope === 'admin', !isOpenOnly)}
          data={data}
          isLoading={query.isPending}
          state={shown}
          onStateChange={(next) => onStateChange({ ...state, ...next, tab: tabOfValue(next.tab) })}
          getRowLabel={(invoice) => invoice.invoiceNumber}
          rowActions={rowActions}
          {...(onOpenInvoice && scope !== 'admin'
            ? { onRowClick: (invoice: XpInvoice) => onOpenInvoice(invoice.id) }
            : {})}
          {...(isOpenOnly ? {} : { tabs })}
          searchPlaceholder="xp.invoices.searchPlaceholder"
          toolbar={toolbar}
          {...(isOpenOnly
            ? {}
            : {
                exportRows: {
                  fileName: scope === 'admin' ? 'xp.invoices.adminFileName' : 'xp.invoices.fileName',
                  fetchPage: ({ page, pageSize }) => fetchXpInvoices(xpScope, { ...state, page, pageSize }),
                },
              })}
        />
      )}
      {scope === 'admin' && <RefundsOwedList scope="platform" />}
    </>
  );
}
