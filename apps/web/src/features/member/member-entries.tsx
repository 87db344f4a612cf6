import { Badge, Text } from '@mantine/core';
import type { Entry } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { SourceBadge } from '@/features/entry/source-badge';
import { GenericList, type ListColumn } from '@/ui/generic-list';
import { DateRangeFilter, withDateRange } from '@/ui/inputs/date-range-filter';
import { useListCounts } from '@/ui/list-counts';
import { ErrorState } from '@/ui/states';
import { fetchMemberEntries, useMemberEntries } from './api';
import { formatDay } from './day-field';
import type { MemberEntriesState } from './search';

const columns: ListColumn<Entry>[] = [
  {
    id: 'date',
    header: 'member.entries.date',
    sortField: 'entryAt',
    cell: (entry) => <Text size="sm">{formatDay(entry.date)}</Text>,
    exportValue: (entry) => formatDay(entry.date),
  },
  {
    id: 'entryTime',
    header: 'member.entries.entryTime',
    cell: (entry) => <Text size="sm">{entry.entryTime}</Text>,
    exportValue: (entry) => entry.entryTime,
  },
  {
    id: 'exitTime',
    header: 'member.entries.exitTime',
    cell: (entry) => <ExitTime time={entry.exitTime} />,
    exportValue: (entry) => entry.exitTime,
  },
  {
    id: 'location',
    header: 'member.entries.location',
    cell: (entry) => <Text size="sm">{entry.location.name}</Text>,
    exportValue: (entry) => entry.location.name,
  },
  {
    id: 'subscription',
    header: 'member.entries.subscription',
    cell: (entry) => <Text size="sm">{entry.subscriptionName ?? ''}</Text>,
    exportValue: (entry) => entry.subscriptionName,
  },
  {
    id: 'source',
    header: 'member.entries.source',
    cell: (entry) => <SourceBadge source={entry.source} />,
    exportValue: (entry, { t }) => t(`entry.source.${entry.source}`),
  },
];

function ExitTime({ time }: { time: string | null }) {
  const { t } = useTranslation();
  return time ? (
    <Text size="sm">{time}</Text>
  ) : (
    <Badge component="span" variant="light" color="green">
      {t('member.entries.stillInside')}
    </Badge>
  );
}

interface MemberEntriesProps {
  memberId: number;
  /** Page, sort and date range; the route keeps them in the URL. */
  state: MemberEntriesState;
  onStateChange: (state: MemberEntriesState) => void;
}

/** 'Bezoeken': the member's entries at the gym's locations, newest first, within a date range; CSV export. */
export function MemberEntries({ memberId, state, onStateChange }: MemberEntriesProps) {
  const { t } = useTranslation();
  // The newest first unless a header is clicked.
  const shown: MemberEntriesState = state.sort ? state : { ...state, sort: 'entryAt', direction: 'desc' };
  const counts = useListCounts(shown, memberId);
  const query = useMemberEntries(memberId, shown, counts.countsQuery);
  const data = counts.withCounts(query.data, query.isPlaceholderData);

  if (query.isError) {
    return <ErrorState message="member.entries.fetchFailed" onRetry={() => void query.refetch()} />;
  }
  return (
    <GenericList
      label={t('member.entries.label')}
      columns={columns}
      data={data}
      isLoading={query.isPending}
      state={shown}
      onStateChange={(next) => onStateChange({ ...state, ...next })}
      withSearch={false}
      toolbar={
        <DateRangeFilter
          from={state.from}
          to={state.to}
          onChange={(range) => onStateChange(withDateRange(state, range))}
          fromLabel="member.entries.from"
          toLabel="member.entries.to"
          clearLabel="member.form.clear"
        />
      }
      exportRows={{
        fileName: 'member.entries.file',
        fetchPage: (page) => fetchMemberEntries(memberId, { ...shown, ...page }),
      }}
    />
  );
}
