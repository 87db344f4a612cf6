import { Badge, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import type { InsideMember } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { AnchorLink } from '@/features/employee/router-links';
import { mayManageMembers } from '@/features/member/access';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import type { ListState } from '@/ui/list-search';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useInsideCount, useInsideMembers, useRecordExit } from './api';
import { clockTime } from './format';

/**
 * The member's name: a link to the member's screen at this location for who may open it (the location right
 * ManageMemberships, as that route's `beforeLoad`), else plain text.
 */
function MemberName({ member }: { member: InsideMember }) {
  const claims = useRequiredClaims();
  if (!mayManageMembers(claims)) {
    return (
      <Text size="sm" fw={600}>
        {member.fullName}
      </Text>
    );
  }
  return (
    <AnchorLink
      to="/location/members/$memberId"
      params={{ memberId: String(member.memberId) }}
      size="sm"
      fw={600}
    >
      {member.fullName}
    </AnchorLink>
  );
}

const columns: ListColumn<InsideMember>[] = [
  {
    id: 'name',
    header: 'entry.fields.member',
    sortField: 'name',
    cell: (member) => <MemberName member={member} />,
  },
  {
    id: 'since',
    header: 'entry.inside.since',
    sortField: 'entryAt',
    width: 150,
    cell: (member) => <Text size="sm">{member.entryTime}</Text>,
  },
  {
    id: 'subscription',
    header: 'entry.fields.subscription',
    cell: (member) => <Text size="sm">{member.subscriptionName ?? '—'}</Text>,
  },
];

interface InsideListProps {
  /** Page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/**
 * 'Binnen': the members inside the active location now (an entry without exit, within the location's
 * expected time inside), refreshed every 30 seconds; 'Uitchecken' records that one left.
 */
export function InsideList({ state, onStateChange }: InsideListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('entry.inside.title')} · ${t('shell.productName')}`);
  const { activeLocationId } = useRequiredClaims();
  const query = useInsideMembers(activeLocationId, state);
  // The list's total counts its search; the header says how many are inside at all.
  const allInside = useInsideCount(activeLocationId, Boolean(state.search));
  const recordExit = useRecordExit();

  if (activeLocationId === null) return <ErrorState message="entry.list.noActiveLocation" />;

  const exit = async (member: InsideMember) => {
    try {
      const saved = await recordExit.mutateAsync({ params: { id: member.entryId } });
      showSuccess(t('entry.exit.done', { name: member.fullName, time: saved.exitTime ?? '' }));
    } catch (error) {
      showFailure(error, 'entry.exit.failed');
      void query.refetch();
    }
  };

  const rowActions: RowAction<InsideMember>[] = [
    {
      label: 'entry.exit.action',
      icon: <IconDoorExit size={18} aria-hidden />,
      color: 'blue',
      onClick: (member) => void exit(member),
    },
  ];

  const total = state.search ? allInside.data : query.data?.total;
  // Nobody inside at all (not just nobody for this search).
  const isEmpty = query.data !== undefined && !state.search && query.data.total === 0;

  return (
    <>
      <PageHeader
        title="entry.inside.title"
        subtitle={t('entry.inside.subtitle')}
        actions={
          total !== undefined && (
            <Group gap="xs" align="center">
              <Badge size="lg" variant="light" color="green" component="span" role="status">
                {t('entry.inside.count', { count: total })}
              </Badge>
              {query.dataUpdatedAt > 0 && (
                <Text size="xs" c="dimmed">
                  {t('entry.inside.updatedAt', { time: clockTime(query.dataUpdatedAt) })}
                </Text>
              )}
            </Group>
          )
        }
      />
      {query.isError ? (
        <ErrorState message="entry.inside.fetchFailed" onRetry={() => void query.refetch()} />
      ) : isEmpty ? (
        <EmptyState title="entry.inside.emptyTitle" message="entry.inside.emptyMessage" />
      ) : (
        <GenericList
          label="entry.inside.label"
          columns={columns}
          data={query.data}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowId={(member) => member.entryId}
          getRowLabel={(member) => member.fullName}
          rowActions={rowActions}
          searchPlaceholder="entry.inside.searchPlaceholder"
        />
      )}
    </>
  );
}
