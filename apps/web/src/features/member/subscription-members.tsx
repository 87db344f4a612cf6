import { Text } from '@mantine/core';
import type { SubscriptionMember } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { GenericList, type ListColumn, type ListTab } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState } from '@/ui/states';
import { fetchSubscriptionMembers, useSubscriptionMembers } from './api';
import { nameColumn } from './columns';
import { formatDay } from './day-field';
import { MembershipStateBadge } from './status-badge';

const tabs: ListTab[] = [
  { value: 'current', label: 'member.subscriptionMembers.current' },
  { value: 'ended', label: 'member.subscriptionMembers.ended' },
];

const columns: ListColumn<SubscriptionMember>[] = [
  nameColumn(),
  {
    id: 'variant',
    header: 'member.subscriptionMembers.variant',
    cell: (item) => <Text size="sm">{item.variantName}</Text>,
    exportValue: (item) => item.variantName,
  },
  {
    id: 'location',
    header: 'member.subscriptionMembers.location',
    cell: (item) => <Text size="sm">{item.locationName}</Text>,
    exportValue: (item) => item.locationName,
  },
  {
    id: 'startDate',
    header: 'member.memberships.startDate',
    sortField: 'startDate',
    cell: (item) => <Text size="sm">{formatDay(item.startDate)}</Text>,
    exportValue: (item) => formatDay(item.startDate),
  },
  {
    id: 'endDate',
    header: 'member.memberships.endDate',
    cell: (item) => <EndDate day={item.endDate} />,
    exportValue: (item) => formatDay(item.endDate),
  },
  {
    id: 'state',
    header: 'member.memberships.state',
    cell: (item) => <MembershipStateBadge state={item.state} />,
    exportValue: (item, { t }) => t(`member.membershipState.${item.state}`),
  },
];

function EndDate({ day }: { day: string | null }) {
  const { t } = useTranslation();
  return day ? (
    <Text size="sm">{formatDay(day)}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t('member.memberships.runsOn')}
    </Text>
  );
}

interface SubscriptionMembersProps {
  subscriptionId: number;
  /** Page, search, sort and tab ('ended'; none: the current ones); the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Opens the member (left out without the right to see members: the rows are not links then). */
  onOpen?: ((item: SubscriptionMember) => void) | undefined;
}

/** The subscription's tab 'Leden': its memberships that run (or start later), or the ended ones. */
export function SubscriptionMembers({
  subscriptionId,
  state,
  onStateChange,
  onOpen,
}: SubscriptionMembersProps) {
  const { t } = useTranslation();
  const current = state.tab !== 'ended';
  const counts = useListCounts(state, subscriptionId);
  const query = useSubscriptionMembers(subscriptionId, current, state, counts.countsQuery);
  const data = counts.withCounts(query.data, query.isPlaceholderData);

  if (query.isError) {
    return (
      <ErrorState message="member.subscriptionMembers.fetchFailed" onRetry={() => void query.refetch()} />
    );
  }
  return (
    <GenericList
      label={t('member.subscriptionMembers.label')}
      columns={columns}
      data={data}
      isLoading={query.isPending}
      state={state}
      onStateChange={onStateChange}
      getRowId={(item) => item.membershipId}
      getRowLabel={(item) => item.fullName}
      onRowClick={onOpen}
      tabs={tabs}
      searchPlaceholder="member.list.searchPlaceholder"
      exportRows={{
        fileName: 'member.subscriptionMembers.file',
        fetchPage: (page) => fetchSubscriptionMembers(subscriptionId, current, page),
      }}
    />
  );
}
