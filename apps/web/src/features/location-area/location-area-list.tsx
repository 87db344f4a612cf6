import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { LocationArea } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useDeleteLocationArea, useLocationAreas } from './api';
import { AddLocationAreaModal } from './location-area-form';

/** 'Griftpark 1, 3514 EZ Utrecht', or 'Gelijk aan locatie' for a room at the location's own address. */
export function LocationAreaAddress({ area }: { area: LocationArea }) {
  const { t } = useTranslation();
  if (area.sameAddressAsLocation) {
    return (
      <Text size="sm" c="dimmed">
        {t('locationArea.list.sameAsLocation')}
      </Text>
    );
  }
  const line1 = [area.street, area.houseNumber].filter(Boolean).join(' ');
  const line2 = [area.postalCode, area.city].filter(Boolean).join(' ');
  return <Text size="sm">{[line1, line2].filter(Boolean).join(', ')}</Text>;
}

const columns: ListColumn<LocationArea>[] = [
  {
    id: 'name',
    header: 'locationArea.fields.name',
    sortField: 'name',
    // A fixed share, so the address column does not move when the rows change.
    width: '40%',
    cell: (area) => (
      <Text size="sm" fw={600}>
        {area.name}
      </Text>
    ),
  },
  {
    id: 'address',
    header: 'locationArea.fields.address',
    sortField: 'address',
    cell: (area) => <LocationAreaAddress area={area} />,
  },
];

interface LocationAreaListProps {
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Opens the edit panel of a room. */
  onOpen: (area: LocationArea) => void;
}

/** 'Zalen en buitenlocaties': the rooms and outdoor locations of the active location. */
export function LocationAreaList({ state, onStateChange, onOpen }: LocationAreaListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('locationArea.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useLocationAreas(state, counts.countsQuery);
  const remove = useDeleteLocationArea();
  const confirm = useConfirm();
  const [isAdding, setAdding] = useState(false);

  const askDelete = (area: LocationArea) =>
    void confirm({
      title: 'locationArea.delete.title',
      message: t('locationArea.delete.message', { name: area.name }),
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: area.id } });
          counts.forget();
          showSuccess(t('locationArea.delete.done', { name: area.name }));
        } catch (error) {
          showFailure(error, 'locationArea.delete.failed');
          // It may be gone already (deleted elsewhere): show the list as it is now.
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<LocationArea>[] = [
    { label: 'actions.edit', icon: <IconPencil size={18} aria-hidden />, onClick: onOpen },
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askDelete },
  ];

  return (
    <>
      <PageHeader title="locationArea.title" subtitle={t('locationArea.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="locationArea.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="locationArea.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(area) => area.name}
          onRowClick={onOpen}
          rowActions={rowActions}
          searchPlaceholder="locationArea.list.searchPlaceholder"
          onAdd={() => setAdding(true)}
        />
      )}
      <AddLocationAreaModal opened={isAdding} onClose={() => setAdding(false)} />
    </>
  );
}
