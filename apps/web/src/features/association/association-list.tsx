import { Box, Center, Image, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { Association } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { fetchAssociations, useAssociations, useDeleteAssociation } from './api';
import { AssociationFormPanel, bannerUrl } from './association-form';

/** The banner as a small thumbnail (a placeholder icon when there is none). */
export function BannerThumbnail({ association, size = 40 }: { association: Association; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      w={size * 2}
      h={size}
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flexShrink: 0 }}
    >
      {association.bannerHash ? (
        <Image
          src={bannerUrl(association.bannerHash, { w: size * 4, h: size * 2 })}
          alt={t('association.list.bannerOf', { name: association.name })}
          w="100%"
          h="100%"
          fit="cover"
        />
      ) : (
        <Center h="100%" c="dimmed" aria-label={t('association.list.noBanner')} role="img">
          <IconPhoto size={18} aria-hidden />
        </Center>
      )}
    </Box>
  );
}

const columns: ListColumn<Association>[] = [
  {
    id: 'banner',
    header: 'association.fields.banner',
    width: 120,
    cell: (association) => <BannerThumbnail association={association} />,
  },
  {
    id: 'name',
    header: 'association.fields.name',
    sortField: 'name',
    exportValue: (association) => association.name,
    cell: (association) => (
      <Text size="sm" fw={600}>
        {association.name}
      </Text>
    ),
  },
  {
    id: 'locationCount',
    header: 'association.fields.locationCount',
    sortField: 'locationCount',
    align: 'right',
    width: 160,
    exportValue: (association) => association.locationCount,
    cell: (association) => (
      <Text size="sm" ta="right">
        {association.locationCount.toLocaleString('nl-NL')}
      </Text>
    ),
  },
];

interface AssociationListProps {
  /** Page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Opens the detail of an association (its locations). */
  onOpen: (association: Association) => void;
}

/** 'Verenigingen' (admin): every association, added, edited and deleted here. */
export function AssociationList({ state, onStateChange, onOpen }: AssociationListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('association.list.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useAssociations(state, counts.countsQuery);
  const remove = useDeleteAssociation();
  const confirm = useConfirm();
  // `null`: closed; without an association inside: a new one.
  const [panel, setPanel] = useState<{ association?: Association } | null>(null);

  const askDelete = (association: Association) =>
    void confirm({
      title: 'association.delete.title',
      message: t('association.delete.message', { name: association.name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: association.id } });
          counts.forget();
          showSuccess(t('association.delete.done', { name: association.name }));
        } catch (error) {
          showFailure(error, 'association.delete.failed');
          // It may be gone already (deleted elsewhere): show the list as it is now.
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<Association>[] = [
    {
      label: 'actions.edit',
      icon: <IconPencil size={18} aria-hidden />,
      onClick: (association) => setPanel({ association }),
    },
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askDelete },
  ];

  return (
    <>
      <PageHeader title="association.list.title" subtitle={t('association.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="association.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="association.list.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(association) => association.name}
          onRowClick={onOpen}
          rowActions={rowActions}
          searchPlaceholder="association.list.searchPlaceholder"
          exportRows={{ fileName: 'association.list.title', fetchPage: fetchAssociations }}
          onAdd={() => setPanel({})}
        />
      )}
      <AssociationFormPanel
        opened={panel !== null}
        association={panel?.association}
        onClose={() => setPanel(null)}
      />
    </>
  );
}
