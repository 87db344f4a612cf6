import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconLinkOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Association, AssociationLocation } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import {
  useAssociation,
  useAssociationLocations,
  useDeleteAssociation,
  useRemoveAssociationLocation,
} from './api';
import { AssociationFormPanel } from './association-form';
import { BannerThumbnail } from './association-list';
import { AssociationLocationPicker, locationPlace } from './association-location-picker';

/** Columns of a list of an association's locations (admin detail and the association environment). */
export const associationLocationColumns: ListColumn<AssociationLocation>[] = [
  {
    id: 'name',
    header: 'association.fields.location',
    sortField: 'name',
    width: '34%',
    cell: (location) => (
      <Text size="sm" fw={600}>
        {location.name}
      </Text>
    ),
  },
  {
    id: 'gymName',
    header: 'association.fields.gym',
    sortField: 'gymName',
    width: '28%',
    cell: (location) => <Text size="sm">{location.gymName}</Text>,
  },
  {
    id: 'city',
    header: 'association.fields.address',
    sortField: 'city',
    cell: (location) => <Text size="sm">{locationPlace(location) || '—'}</Text>,
  },
];

interface AssociationDetailProps {
  id: number;
  /** Page, search and sort of the locations; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Back to the list (also after the association was deleted). */
  onBack: () => void;
}

/** One association (admin): its banner and name, and its locations, added and removed here. */
export function AssociationDetail({ id, state, onStateChange, onBack }: AssociationDetailProps) {
  const { t } = useTranslation();
  const association = useAssociation(id);
  useDocumentTitle(`${association.data?.name ?? t('association.list.title')} · ${t('shell.productName')}`);

  const back = (
    <Anchor component="button" type="button" onClick={onBack} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('association.detail.back')}
      </Group>
    </Anchor>
  );

  if (association.isPending) return <LoadingState />;
  if (association.isError || !association.data) {
    const isGone = association.error?.status === 404 || association.error?.status === 400;
    return (
      <Stack gap="md">
        {back}
        <ErrorState
          message={isGone ? 'association.errors.notFound' : 'association.detail.fetchFailed'}
          onRetry={isGone ? undefined : () => void association.refetch()}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <AssociationHeader association={association.data} onDeleted={onBack} />
      <AssociationLocations association={association.data} state={state} onStateChange={onStateChange} />
    </Stack>
  );
}

function AssociationHeader({ association, onDeleted }: { association: Association; onDeleted: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeleteAssociation();
  const [isEditing, setEditing] = useState(false);

  const askDelete = () =>
    void confirm({
      title: 'association.delete.title',
      message: t('association.delete.message', { name: association.name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: association.id } });
          showSuccess(t('association.delete.done', { name: association.name }));
          onDeleted();
        } catch (error) {
          showFailure(error, 'association.delete.failed');
        }
      },
    });

  return (
    <Group justify="space-between" align="center" gap="md">
      <Group gap="md" wrap="nowrap">
        <BannerThumbnail association={association} size={56} />
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {association.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('association.detail.locationCount', { count: association.locationCount })}
          </Text>
        </Stack>
      </Group>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('actions.edit')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={askDelete}
        >
          {t('actions.delete')}
        </Button>
      </Group>
      <AssociationFormPanel opened={isEditing} association={association} onClose={() => setEditing(false)} />
    </Group>
  );
}

interface AssociationLocationsProps {
  association: Association;
  state: ListState;
  onStateChange: (state: ListState) => void;
}

function AssociationLocations({ association, state, onStateChange }: AssociationLocationsProps) {
  const { t } = useTranslation();
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`), per association.
  const counts = useListCounts(state, association.id);
  const query = useAssociationLocations(association.id, state, counts.countsQuery);
  const release = useRemoveAssociationLocation();
  const confirm = useConfirm();
  const [isPicking, setPicking] = useState(false);

  const askRemove = (location: AssociationLocation) => {
    const names = { location: location.name, association: association.name };
    void confirm({
      title: 'association.removeLocation.title',
      message: t('association.removeLocation.message', names),
      confirmLabel: 'association.removeLocation.confirm',
      color: 'red',
      onConfirm: async () => {
        try {
          await release.mutateAsync({ body: { associationId: association.id, locationId: location.id } });
          counts.forget();
          showSuccess(t('association.removeLocation.done', names));
        } catch (error) {
          showFailure(error, 'association.removeLocation.failed');
          void query.refetch();
        }
      },
    });
  };

  const rowActions: RowAction<AssociationLocation>[] = [
    {
      label: 'association.removeLocation.action',
      icon: <IconLinkOff size={18} aria-hidden />,
      color: 'red',
      onClick: askRemove,
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('association.detail.locationsTitle')}
      </Title>
      {query.isError ? (
        <ErrorState message="association.detail.locationsFetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="association.detail.locationsTitle"
          columns={associationLocationColumns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(location) => location.name}
          rowActions={rowActions}
          searchPlaceholder="association.detail.locationsSearch"
          onAdd={() => setPicking(true)}
          addLabel="association.detail.addLocation"
        />
      )}
      <AssociationLocationPicker
        association={association}
        opened={isPicking}
        onClose={() => setPicking(false)}
        onAdded={counts.forget}
      />
    </Stack>
  );
}
