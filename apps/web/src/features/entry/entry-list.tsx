import { Badge, Button, Group, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDoorExit, IconLogin2, IconPencil, IconPlus, IconTrash, IconUserX } from '@tabler/icons-react';
import type { Entry } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { fetchEntries, useDeleteEntry, useEntries, useOpenAttemptCount, useRecordExit } from './api';
import { AddEntryModal, EditEntryModal } from './entry-form';
import { EntryRange } from './entry-range';
import { formatDay } from './format';
import { RefusedList } from './refused-list';
import { type EntryListState, type EntryTab, newestFirst, withoutDefaultSort } from './search';
import { SourceBadge } from './source-badge';

/** 'Nog binnen' for an entry without exit. */
function ExitTime({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  if (entry.exitTime !== null) return <Text size="sm">{entry.exitTime}</Text>;
  return (
    <Badge component="span" variant="light" color="green">
      {t('entry.list.stillInside')}
    </Badge>
  );
}

/** The subscription the entry counted on, or a dash for none. */
function SubscriptionName({ name }: { name: string | null }) {
  const { t } = useTranslation();
  if (name !== null) return <Text size="sm">{name}</Text>;
  return (
    <Text size="sm" c="dimmed">
      <span aria-hidden>—</span>
      <VisuallyHidden>{t('entry.list.noSubscription')}</VisuallyHidden>
    </Text>
  );
}

export const entryColumns: ListColumn<Entry>[] = [
  {
    id: 'member',
    header: 'entry.fields.member',
    sortField: 'name',
    cell: (entry) => (
      <Text size="sm" fw={600}>
        {entry.memberName}
      </Text>
    ),
    exportValue: (entry) => entry.memberName,
  },
  {
    id: 'date',
    header: 'entry.fields.date',
    sortField: 'entryAt',
    width: 130,
    cell: (entry) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDay(entry.date)}
      </Text>
    ),
    exportValue: (entry) => formatDay(entry.date),
  },
  {
    id: 'entryTime',
    header: 'entry.fields.entryTime',
    width: 120,
    cell: (entry) => <Text size="sm">{entry.entryTime}</Text>,
    exportValue: (entry) => entry.entryTime,
  },
  {
    id: 'exitTime',
    header: 'entry.fields.exitTime',
    width: 130,
    cell: (entry) => <ExitTime entry={entry} />,
    exportValue: (entry) => entry.exitTime,
  },
  {
    id: 'subscription',
    header: 'entry.fields.subscription',
    cell: (entry) => <SubscriptionName name={entry.subscriptionName} />,
    exportValue: (entry) => entry.subscriptionName,
  },
  {
    id: 'source',
    header: 'entry.fields.source',
    width: 130,
    cell: (entry) => <SourceBadge source={entry.source} />,
    exportValue: (entry, { t }) => t(`entry.source.${entry.source}`),
  },
];

interface EntryListProps {
  /** The page, search, sort, tab and date range; the route keeps them in the URL. */
  state: EntryListState;
  onStateChange: (state: EntryListState) => void;
}

/**
 * 'Entrees' of the active location: who came in during the chosen days (today by default), registered,
 * corrected, checked out and deleted by hand; and, on the tab 'Geweigerd', the check-ins the door refused,
 * with 'Toelaten'.
 */
export function EntryListPage({ state, onStateChange }: EntryListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('entry.title')} · ${t('shell.productName')}`);
  const { activeLocationId } = useRequiredClaims();
  const tab: EntryTab = state.tab === 'refused' ? 'refused' : 'entries';
  const openCount = useOpenAttemptCount(state);
  const [isAdding, setAdding] = useState(false);

  if (activeLocationId === null) return <ErrorState message="entry.list.noActiveLocation" />;

  const changeTab = (next: EntryTab) =>
    onStateChange({
      ...state,
      tab: next === 'refused' ? 'refused' : undefined,
      // Each tab has its own sort fields and paging; the days and the search stay.
      page: 1,
      sort: undefined,
      direction: 'asc',
      all: undefined,
    });
  const refusedCount = openCount.data;

  return (
    <>
      <PageHeader
        title="entry.title"
        subtitle={t('entry.list.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('entry.add.action')}
          </Button>
        }
      />
      <Group mb="md">
        <EntryRange state={state} onStateChange={onStateChange} />
      </Group>
      <Tabs value={tab} onChange={(value) => value && value !== tab && changeTab(value as EntryTab)} mb="lg">
        <Tabs.List aria-label={t('entry.tabs.label')}>
          <Tabs.Tab value="entries" leftSection={<IconLogin2 size={16} aria-hidden />}>
            {t('entry.tabs.entries')}
          </Tabs.Tab>
          <Tabs.Tab
            value="refused"
            leftSection={<IconUserX size={16} aria-hidden />}
            rightSection={
              refusedCount ? (
                <Badge
                  size="sm"
                  color="red"
                  circle={refusedCount < 10}
                  aria-label={t('entry.tabs.openCount', { count: refusedCount })}
                >
                  {refusedCount}
                </Badge>
              ) : undefined
            }
          >
            {t('entry.tabs.refused')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'entries' ? (
        <EntriesTable state={state} onStateChange={onStateChange} />
      ) : (
        <RefusedList state={state} onStateChange={onStateChange} />
      )}
      <AddEntryModal opened={isAdding} onClose={() => setAdding(false)} />
    </>
  );
}

/** The entries of the days chosen: search, sort, paging, CSV export, and the row actions. */
function EntriesTable({ state: urlState, onStateChange }: EntryListProps) {
  const { t } = useTranslation();
  const state = newestFirst(urlState, 'entryAt');
  const counts = useListCounts(state, 'entries');
  const query = useEntries(state, counts.countsQuery);
  const recordExit = useRecordExit();
  const remove = useDeleteEntry();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Entry | null>(null);
  const [isEditing, setIsEditing] = useState(false);

  const edit = (entry: Entry) => {
    setEditing(entry);
    setIsEditing(true);
  };

  const exit = async (entry: Entry) => {
    try {
      const saved = await recordExit.mutateAsync({ params: { id: entry.id } });
      showSuccess(t('entry.exit.done', { name: entry.memberName, time: saved.exitTime ?? '' }));
    } catch (error) {
      showFailure(error, 'entry.exit.failed');
      void query.refetch();
    }
  };

  const askDelete = (entry: Entry) =>
    void confirm({
      title: 'entry.delete.title',
      message: t('entry.delete.message', {
        name: entry.memberName,
        date: formatDay(entry.date),
        time: entry.entryTime,
      }),
      color: 'red',
      confirmLabel: 'actions.delete',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: entry.id } });
          counts.forget();
          showSuccess(t('entry.delete.done', { name: entry.memberName }));
        } catch (error) {
          showFailure(error, 'entry.delete.failed');
          // It may be gone already (deleted elsewhere): show the list as it is now.
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<Entry>[] = [
    {
      label: 'entry.exit.action',
      icon: <IconDoorExit size={18} aria-hidden />,
      color: 'blue',
      isHidden: (entry) => entry.exitTime !== null,
      onClick: (entry) => void exit(entry),
    },
    { label: 'actions.edit', icon: <IconPencil size={18} aria-hidden />, onClick: edit },
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askDelete },
  ];

  return (
    <>
      {query.isError ? (
        <ErrorState message="entry.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="entry.list.label"
          columns={entryColumns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={(next: ListState) =>
            onStateChange(withoutDefaultSort(urlState, { ...state, ...next }, 'entryAt'))
          }
          getRowLabel={(entry) => `${entry.memberName} ${entry.entryTime}`}
          onRowClick={edit}
          rowActions={rowActions}
          searchPlaceholder="entry.list.searchPlaceholder"
          exportRows={{
            fileName: 'entry.list.file',
            fetchPage: (page) => fetchEntries({ ...state, ...page }),
          }}
        />
      )}
      <EditEntryModal opened={isEditing} onClose={() => setIsEditing(false)} entry={editing} />
    </>
  );
}
