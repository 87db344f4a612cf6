import { Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { InvoiceListItem } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericList, type ListColumn, type ListTab } from '@/ui/generic-list';
import { DateRangeFilter, withDateRange } from '@/ui/inputs/date-range-filter';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import { formatEuro } from '@/ui/money';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { RefundsOwedList } from '../payment/refunds-owed';
import { fetchInvoices, useInvoices } from './api';
import { InvoicePanel } from './invoice-panel';
import { type InvoiceListState, type InvoiceTab, invoiceTabs, statusOfTab } from './search';
import { CreditBadge, InvoiceStatusBadge } from './status-badge';

/** The tab counts come keyed by status number; the tabs by name. */
const tabs: ListTab[] = invoiceTabs.map((value) => ({
  value: value === 'all' ? 'all' : String(statusOfTab[value]),
  label: `invoice.tabs.${value}`,
}));
const tabOfValue = (value: string | undefined): InvoiceTab | undefined =>
  invoiceTabs.find((tab) => tab !== 'all' && String(statusOfTab[tab]) === value);

const columns = (withMember: boolean, withLocation: boolean): ListColumn<InvoiceListItem>[] => [
  {
    id: 'invoiceNumber',
    header: 'invoice.fields.invoiceNumber',
    sortField: 'invoiceNumber',
    width: 140,
    cell: (item) => (
      <Text size="sm" ff="monospace">
        {item.invoiceNumber}
      </Text>
    ),
    exportValue: (item) => item.invoiceNumber,
  },
  {
    id: 'invoiceDate',
    header: 'invoice.fields.invoiceDate',
    sortField: 'invoiceDate',
    width: 120,
    cell: (item) => <Text size="sm">{formatDate(item.invoiceDate)}</Text>,
    exportValue: (item) => formatDate(item.invoiceDate),
  },
  ...(withMember
    ? [
        {
          id: 'memberName',
          header: 'invoice.fields.member',
          sortField: 'memberName',
          cell: (item: InvoiceListItem) => <Text size="sm">{item.memberName}</Text>,
          exportValue: (item: InvoiceListItem) => item.memberName,
        },
      ]
    : []),
  ...(withLocation
    ? [
        {
          id: 'location',
          header: 'invoice.fields.location',
          cell: (item: InvoiceListItem) => <Text size="sm">{item.locationName}</Text>,
          exportValue: (item: InvoiceListItem) => item.locationName,
        },
      ]
    : []),
  {
    id: 'totalAmount',
    header: 'invoice.fields.totalAmount',
    sortField: 'totalAmount',
    align: 'right',
    width: 130,
    cell: (item) => <Text size="sm">{formatEuro(item.totalAmount)}</Text>,
    exportValue: (item) => (item.totalAmount / 100).toFixed(2).replace('.', ','),
  },
  {
    id: 'status',
    header: 'invoice.fields.status',
    width: 200,
    cell: (item) => (
      <Group gap={6} wrap="nowrap">
        <InvoiceStatusBadge status={item.status} />
        {item.creditedInvoiceId !== null && <CreditBadge />}
      </Group>
    ),
    exportValue: (item, { t }) =>
      item.creditedInvoiceId === null
        ? t(`invoice.status.${item.status}`)
        : `${t(`invoice.status.${item.status}`)} (${t('invoice.credit')})`,
  },
];

interface InvoiceListProps {
  /** The active gym's invoices (with a location column), the active location's, or one member's. */
  scope: 'gym' | 'location' | 'member';
  memberId?: number;
  /** Tab, period, page, search and sort; the route keeps them in the URL. */
  state: InvoiceListState;
  onStateChange: (state: InvoiceListState) => void;
}

/**
 * 'Facturen': a tab per status with its count, search on number and member, a period, CSV export; an invoice
 * opens in the side panel, where it is paid at the desk, gets a payment link or is cancelled by a credit
 * invoice. The member's invoices tab shows the same for one member.
 */
export function InvoiceList({ scope, memberId, state, onStateChange }: InvoiceListProps) {
  const { t } = useTranslation();
  const isPage = scope !== 'member';
  useDocumentTitle(isPage ? `${t('invoice.title')} · ${t('shell.productName')}` : document.title);
  const tab = (state.tab as InvoiceTab | undefined) ?? 'all';
  // The list's tab is kept by name in the URL; GenericList speaks the tab count keys (status numbers).
  const shown: InvoiceListState = {
    ...state,
    tab: tab === 'all' ? undefined : String(statusOfTab[tab]),
  };
  const counts = useListCounts(state, [scope, memberId]);
  const query = useInvoices(state, memberId, counts.countsQuery);
  const data = counts.withCounts(query.data, query.isPlaceholderData);
  const [openId, setOpenId] = useState<number | undefined>();
  const hasFilter = Boolean(state.search || state.from || state.to);
  const hasNone = data !== undefined && !hasFilter && data.tabCounts?.all === 0;

  const list = query.isError ? (
    <ErrorState message="invoice.list.fetchFailed" onRetry={() => void query.refetch()} />
  ) : hasNone ? (
    <EmptyState
      title="invoice.list.emptyTitle"
      message={scope === 'member' ? 'invoice.list.memberEmptyMessage' : 'invoice.list.emptyMessage'}
    />
  ) : (
    <GenericList
      label={t(`invoice.list.label.${tab}`)}
      columns={columns(scope !== 'member', scope === 'gym')}
      data={data}
      isLoading={query.isPending}
      state={shown}
      onStateChange={(next) => onStateChange({ ...state, ...next, tab: tabOfValue(next.tab) })}
      getRowLabel={(item) => item.invoiceNumber}
      onRowClick={(item) => setOpenId(item.id)}
      tabs={tabs}
      searchPlaceholder="invoice.list.searchPlaceholder"
      toolbar={
        <DateRangeFilter
          from={state.from}
          to={state.to}
          onChange={(range) => onStateChange(withDateRange(state, range))}
          fromLabel="invoice.list.from"
          toLabel="invoice.list.to"
          clearLabel="invoice.list.clear"
        />
      }
      exportRows={{
        fileName: `invoice.list.file.${tab}`,
        fetchPage: (page) => fetchInvoices({ ...state, ...page }, memberId),
      }}
    />
  );

  return (
    <>
      {isPage && (
        <PageHeader
          title="invoice.title"
          subtitle={t(scope === 'gym' ? 'invoice.list.subtitle' : 'invoice.list.locationSubtitle')}
        />
      )}
      {list}
      {isPage && <RefundsOwedList scope="gym" />}
      <InvoicePanel invoiceId={openId} onClose={() => setOpenId(undefined)} onOpen={setOpenId} />
    </>
  );
}
