import { Badge, Stack, Switch, Text } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import type { EntryAttempt } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { fetchEntryAttempts, useApproveAttempt, useEntryAttempts } from './api';
import { formatMoment } from './format';
import { type EntryListState, newestFirst, withoutDefaultSort } from './search';

const isApproved = (attempt: EntryAttempt) => attempt.approvedEntryId !== null;

/**
 * The reason's text; an open payment that was let in (the location warns rather than refuses, decision 017, or
 * the desk let the member in) says so: 'Openstaande betaling — binnengelaten'.
 */
const reasonKey = (attempt: EntryAttempt) =>
  attempt.reason === 'openPayment' && isApproved(attempt)
    ? 'entry.refused.openPaymentAdmitted'
    : `entry.refused.${attempt.reason}`;

/** 'Geweigerd' or 'Toegelaten'. */
function AttemptStatus({ attempt }: { attempt: EntryAttempt }) {
  const { t } = useTranslation();
  return isApproved(attempt) ? (
    <Badge component="span" variant="light" color="green">
      {t('entry.refused.approved')}
    </Badge>
  ) : (
    <Badge component="span" variant="light" color="red">
      {t('entry.refused.open')}
    </Badge>
  );
}

const columns: ListColumn<EntryAttempt>[] = [
  {
    id: 'member',
    header: 'entry.fields.member',
    sortField: 'name',
    cell: (attempt) => (
      <Text size="sm" fw={600}>
        {attempt.memberName}
      </Text>
    ),
    exportValue: (attempt) => attempt.memberName,
  },
  {
    id: 'at',
    header: 'entry.fields.at',
    sortField: 'at',
    width: 170,
    cell: (attempt) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoment(attempt.at)}
      </Text>
    ),
    exportValue: (attempt) => formatMoment(attempt.at),
  },
  {
    id: 'reason',
    header: 'entry.fields.reason',
    cell: (attempt) => <ReasonText attempt={attempt} />,
    exportValue: (attempt, { t }) => t(reasonKey(attempt)),
  },
  {
    id: 'status',
    header: 'entry.fields.status',
    width: 130,
    cell: (attempt) => <AttemptStatus attempt={attempt} />,
    exportValue: (attempt, { t }) => t(isApproved(attempt) ? 'entry.refused.approved' : 'entry.refused.open'),
  },
];

function ReasonText({ attempt }: { attempt: EntryAttempt }) {
  const { t } = useTranslation();
  return <Text size="sm">{t(reasonKey(attempt))}</Text>;
}

interface RefusedListProps {
  state: EntryListState;
  onStateChange: (state: EntryListState) => void;
}

/**
 * 'Geweigerd': the check-ins the door refused at the active location in the chosen days, with the reason;
 * 'Toelaten' lets the member in after a confirmation ("approve a member at the entrance").
 */
export function RefusedList({ state: urlState, onStateChange }: RefusedListProps) {
  const { t } = useTranslation();
  const state = newestFirst(urlState, 'at');
  const counts = useListCounts(state, 'refused');
  const query = useEntryAttempts(state, counts.countsQuery);
  const approve = useApproveAttempt();
  const confirm = useConfirm();

  const askApprove = (attempt: EntryAttempt) =>
    void confirm({
      title: 'entry.approve.title',
      message: t('entry.approve.message', { name: attempt.memberName }),
      confirmLabel: 'entry.approve.action',
      onConfirm: async () => {
        try {
          await approve.mutateAsync({ params: { id: attempt.id } });
          counts.forget();
          showSuccess(t('entry.approve.done', { name: attempt.memberName }));
        } catch (error) {
          showFailure(error, 'entry.approve.failed');
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<EntryAttempt>[] = [
    {
      label: 'entry.approve.action',
      icon: <IconDoorEnter size={18} aria-hidden />,
      color: 'green',
      isHidden: isApproved,
      onClick: askApprove,
    },
  ];

  // The list knows no tabs of its own: the tab stays 'refused' whatever it changes (also 'Filters wissen').
  const { tab: _tab, ...listState } = state;
  const change = (next: ListState) =>
    onStateChange(withoutDefaultSort(urlState, { ...state, ...next, tab: 'refused' }, 'at'));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('entry.refused.explanation')}
      </Text>
      <Switch
        label={t('entry.refused.onlyOpen')}
        checked={!state.all}
        onChange={(event) =>
          onStateChange({ ...urlState, all: event.currentTarget.checked ? undefined : true, page: 1 })
        }
      />
      {query.isError ? (
        <ErrorState message="entry.refused.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="entry.refused.label"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={listState}
          onStateChange={change}
          getRowLabel={(attempt) => attempt.memberName}
          rowActions={rowActions}
          searchPlaceholder="entry.list.searchPlaceholder"
          exportRows={{
            fileName: 'entry.refused.file',
            fetchPage: (page) => fetchEntryAttempts({ ...state, ...page, tab: 'refused' }),
          }}
        />
      )}
    </Stack>
  );
}
