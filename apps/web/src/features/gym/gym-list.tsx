import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Gym } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { useConfirm } from '@/ui/confirm-modal';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showError, showSuccess } from '@/ui/toasts';
import { fetchGyms, useDeleteGym, useGyms } from './api';
import { GymFormPanel } from './gym-form';

const count = (value: number) => (
  <Text size="sm" ta="right">
    {value.toLocaleString('nl-NL')}
  </Text>
);

const columns: ListColumn<Gym>[] = [
  {
    id: 'name',
    header: 'gym.fields.name',
    sortField: 'name',
    width: '36%',
    exportValue: (gym) => gym.name,
    cell: (gym) => (
      <Text size="sm" fw={600}>
        {gym.name}
      </Text>
    ),
  },
  {
    id: 'slug',
    header: 'gym.fields.slug',
    sortField: 'slug',
    exportValue: (gym) => gym.slug,
    cell: (gym) => (
      <Text size="sm" ff="monospace">
        {gym.slug}
      </Text>
    ),
  },
  {
    id: 'locations',
    header: 'gym.fields.locationCount',
    align: 'right',
    cell: (gym) => count(gym.locationCount),
    exportValue: (gym) => gym.locationCount,
  },
  {
    id: 'employees',
    header: 'gym.fields.employeeCount',
    align: 'right',
    cell: (gym) => count(gym.employeeCount),
    exportValue: (gym) => gym.employeeCount,
  },
];

interface GymListProps {
  /** Page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** 'Sportscholen' (admin): every gym, added, edited and deleted here. */
export function GymList({ state, onStateChange }: GymListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('gym.list.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useGyms(state, counts.countsQuery);
  const remove = useDeleteGym();
  const confirm = useConfirm();
  // `null`: closed; `undefined` inside: a new gym.
  const [panel, setPanel] = useState<{ gym?: Gym } | null>(null);

  const askDelete = (gym: Gym) =>
    void confirm({
      title: 'gym.delete.title',
      message: t('gym.delete.message', { name: gym.name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ body: { id: gym.id } });
          counts.forget();
          showSuccess(t('gym.delete.done', { name: gym.name }));
        } catch (error) {
          const reason = error instanceof ApiCallError ? error.errors[0]?.message : undefined;
          if (reason && reason !== 'general_error') showError(reason, { title: 'gym.delete.failed' });
          else showError('gym.delete.failed');
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<Gym>[] = [
    {
      label: 'actions.edit',
      icon: <IconPencil size={18} aria-hidden />,
      onClick: (gym) => setPanel({ gym }),
    },
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askDelete },
  ];

  return (
    <>
      <PageHeader title="gym.list.title" subtitle={t('gym.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="gym.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="gym.list.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(gym) => gym.name}
          onRowClick={(gym) => setPanel({ gym })}
          rowActions={rowActions}
          searchPlaceholder="gym.list.searchPlaceholder"
          exportRows={{ fileName: 'gym.list.title', fetchPage: fetchGyms }}
          onAdd={() => setPanel({})}
        />
      )}
      <GymFormPanel opened={panel !== null} gym={panel?.gym} onClose={() => setPanel(null)} />
    </>
  );
}
