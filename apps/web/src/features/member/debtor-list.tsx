import { Text } from '@mantine/core';
import type { Debtor } from '@xp/contracts';
import { useMemo } from 'react';
import { GenericList, type ListColumn, type ListData, type ListTab } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import { formatEuro } from '@/ui/money';
import { ErrorState } from '@/ui/states';
import { emailColumn, nameColumn } from './columns';
import { fetchDebtors, useDebtors, useMemberTabCounts } from './list-api';
import { DEBT_TAB, type MemberListState } from './search';

const columns: ListColumn<Debtor>[] = [
  nameColumn(),
  emailColumn(),
  {
    id: 'amountDue',
    header: 'member.debtors.amountDue',
    sortField: 'amountDue',
    align: 'right',
    width: 160,
    cell: (debtor) => (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatEuro(debtor.amountDue)}
      </Text>
    ),
    // As the invoices' export writes amounts: a number Excel reads with Dutch settings.
    exportValue: (debtor) => (debtor.amountDue / 100).toFixed(2).replace('.', ','),
  },
  {
    id: 'invoiceCount',
    header: 'member.debtors.invoiceCount',
    align: 'right',
    width: 110,
    cell: (debtor) => <Text size="sm">{debtor.invoiceCount}</Text>,
    exportValue: (debtor) => debtor.invoiceCount,
  },
  {
    id: 'oldestDueDate',
    header: 'member.debtors.oldestDueDate',
    sortField: 'oldestDueDate',
    width: 170,
    cell: (debtor) => <Text size="sm">{formatDate(debtor.oldestDueDate)}</Text>,
    exportValue: (debtor) => formatDate(debtor.oldestDueDate),
  },
];

/** A list's answer with one more tab's count (and that count's cap). */
export function withTabCount<T>(
  data: ListData<T> | undefined,
  tab: string,
  count: { total?: number | undefined; totalIsCapped?: boolean | undefined } | undefined,
): ListData<T> | undefined {
  if (!data || count?.total === undefined) return data;
  return {
    ...data,
    tabCounts: { ...data.tabCounts, [tab]: count.total },
    tabCountsCapped: count.totalIsCapped
      ? [...(data.tabCountsCapped ?? []), tab]
      : data.tabCountsCapped?.filter((capped) => capped !== tab),
  };
}

interface DebtorListProps {
  withLocation: boolean;
  tabs: readonly ListTab[];
  state: MemberListState;
  onStateChange: (state: MemberListState) => void;
  onOpen: (member: { id: number }) => void;
}

/**
 * The tab 'Achterstand' of the members screen (decision 017): the members with an invoice still unpaid past
 * their location's grace days, with what is overdue, the oldest overdue invoice first; searched, sorted and
 * paged on the server like the other tabs, whose badges keep the counts of the member list's search and
 * filters. A row opens the member.
 */
export function DebtorList({ withLocation, tabs, state, onStateChange, onOpen }: DebtorListProps) {
  // The subscription and location filters are the member list's: the debtors know none, so they stay in the
  // URL for the other tabs but do not count here.
  const { subscriptionId: _subscriptionId, locationId: _locationId, ...listState } = state;
  const counts = useListCounts(listState, DEBT_TAB);
  const query = useDebtors(listState, counts.countsQuery);
  const memberCounts = useMemberTabCounts(state, withLocation);
  const debtors = counts.withCounts(query.data, query.isPlaceholderData);
  const data = useMemo(
    () =>
      withTabCount(
        debtors && {
          ...debtors,
          tabCounts: memberCounts.data?.tabCounts,
          tabCountsCapped: memberCounts.data?.tabCountsCapped,
        },
        DEBT_TAB,
        debtors,
      ),
    [debtors, memberCounts.data],
  );

  if (query.isError) {
    return <ErrorState message="member.debtors.fetchFailed" onRetry={() => void query.refetch()} />;
  }
  return (
    <GenericList
      label={`member.list.label.${DEBT_TAB}`}
      columns={columns}
      data={data}
      isLoading={query.isPending}
      state={listState}
      onStateChange={(next) => onStateChange({ ...state, ...next })}
      getRowId={(debtor) => debtor.memberId}
      getRowLabel={(debtor) => debtor.fullName}
      onRowClick={(debtor) => onOpen({ id: debtor.memberId })}
      tabs={tabs}
      searchPlaceholder="member.list.searchPlaceholder"
      exportRows={{
        fileName: `member.list.file.${DEBT_TAB}`,
        fetchPage: (page) => fetchDebtors({ ...listState, ...page }),
      }}
    />
  );
}
