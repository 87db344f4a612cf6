import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import type { RightsGroup } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useDeleteRightsGroup, useRightsGroups } from './api';
import { RightBadges, SectionHeader } from './rights-display';
import { RightsGroupPanel } from './rights-group-form';

interface RightsGroupListProps {
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Opens the members of a group. */
  onOpenMembers: (group: RightsGroup) => void;
}

/** `/settings/rightGroups`: the rights groups of the active gym. */
export function RightsGroupList({ state, onStateChange, onOpenMembers }: RightsGroupListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('rightsGroup.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useRightsGroups(state, counts.countsQuery);
  const remove = useDeleteRightsGroup();
  const confirm = useConfirm();
  const [panel, setPanel] = useState<{ group?: RightsGroup } | null>(null);

  const columns: ListColumn<RightsGroup>[] = [
    {
      id: 'name',
      header: 'rightsGroup.fields.name',
      sortField: 'name',
      width: '25%',
      cell: (group) => (
        <Text size="sm" fw={600}>
          {group.name}
        </Text>
      ),
    },
    {
      id: 'rights',
      header: 'rightsGroup.fields.rights',
      cell: (group) => (
        <RightBadges kind="gym" rights={group.rights} empty={t('rightsGroup.list.noRights')} />
      ),
    },
    {
      id: 'memberCount',
      header: 'rightsGroup.fields.memberCount',
      sortField: 'memberCount',
      align: 'right',
      width: 140,
      cell: (group) => <Text size="sm">{group.memberCount}</Text>,
    },
  ];

  const askDelete = (group: RightsGroup) =>
    void confirm({
      title: 'rightsGroup.delete.title',
      message: t('rightsGroup.delete.message', { name: group.name }),
      color: 'red',
      confirmLabel: 'actions.delete',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: group.id } });
          counts.forget();
          showSuccess(t('rightsGroup.delete.done', { name: group.name }));
        } catch (error) {
          showFailure(error, 'rightsGroup.delete.failed');
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<RightsGroup>[] = [
    { label: 'rightsGroup.list.members', icon: <IconUsers size={18} aria-hidden />, onClick: onOpenMembers },
    {
      label: 'actions.edit',
      icon: <IconPencil size={18} aria-hidden />,
      onClick: (group) => setPanel({ group }),
    },
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askDelete },
  ];

  return (
    <>
      <SectionHeader title={t('rightsGroup.title')} subtitle={t('rightsGroup.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="rightsGroup.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="rightsGroup.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(group) => group.name}
          onRowClick={(group) => setPanel({ group })}
          rowActions={rowActions}
          searchPlaceholder="rightsGroup.list.searchPlaceholder"
          onAdd={() => setPanel({})}
        />
      )}
      <RightsGroupPanel opened={panel !== null} group={panel?.group} onClose={() => setPanel(null)} />
    </>
  );
}
