import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type RightsEmployee, rightsGroupMembersInput } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddEmployeesModal,
  type AddEmployeesTexts,
  useConfirmRemove,
} from '@/features/employee/employee-membership';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, LoadingState } from '@/ui/states';
import {
  useAddRightsGroupMembers,
  useRemoveRightsGroupMember,
  useRightsGroup,
  useRightsGroupCandidates,
  useRightsGroupMembers,
} from './api';
import { SectionHeader, useRightLabel } from './rights-display';

const columns: ListColumn<RightsEmployee>[] = [
  {
    id: 'name',
    header: 'rightsGroup.members.name',
    sortField: 'name',
    width: '45%',
    cell: (employee) => (
      <Text size="sm" fw={600}>
        {employee.name}
      </Text>
    ),
  },
  {
    id: 'email',
    header: 'rightsGroup.members.email',
    sortField: 'email',
    cell: (employee) => <Text size="sm">{employee.email}</Text>,
  },
];

const addTexts: AddEmployeesTexts = {
  title: 'rightsGroup.addMembers.title',
  successTitle: 'rightsGroup.addMembers.successTitle',
  label: 'rightsGroup.addMembers.label',
  placeholder: 'rightsGroup.addMembers.placeholder',
  nothingFound: 'rightsGroup.addMembers.nothingFound',
  submit: 'rightsGroup.addMembers.submit',
  failed: 'rightsGroup.addMembers.failed',
};

interface RightsGroupMembersProps {
  groupId: number;
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** `/settings/rightGroups/{gymRightsGroupId}/employees`: who is in a rights group; add and remove them. */
export function RightsGroupMembers({ groupId, state, onStateChange }: RightsGroupMembersProps) {
  const { t } = useTranslation();
  const rightLabel = useRightLabel();
  const groupQuery = useRightsGroup(groupId);
  const group = groupQuery.data;
  useDocumentTitle(
    `${t('rightsGroup.members.title', { name: group?.name ?? '' })} · ${t('shell.productName')}`,
  );
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`), per group.
  const counts = useListCounts(state, groupId);
  const query = useRightsGroupMembers(groupId, state, counts.countsQuery);
  const remove = useRemoveRightsGroupMember();
  const add = useAddRightsGroupMembers();
  const [isAdding, setAdding] = useState(false);
  const askRemove = useConfirmRemove<RightsEmployee>({
    title: 'rightsGroup.removeMember.title',
    message: (employee) =>
      t('rightsGroup.removeMember.message', { employee: employee.name, name: group?.name ?? '' }),
    done: (employee) => t('rightsGroup.removeMember.done', { employee: employee.name }),
    failed: 'rightsGroup.removeMember.failed',
    remove: async (employee) => {
      await remove.mutateAsync({ params: { id: groupId, employeeId: employee.employeeId } });
      counts.forget();
    },
    onFailed: () => void query.refetch(),
  });

  const back = (
    <Anchor component={Link} to="/settings/rightGroups" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('rightsGroup.members.back')}
      </Group>
    </Anchor>
  );

  const isInvalidId = !Number.isInteger(groupId) || groupId <= 0;
  if (isInvalidId || groupQuery.isError) {
    return (
      <Stack>
        {back}
        <ErrorState
          message={
            isInvalidId
              ? 'rightsGroup.errors.notFound'
              : (groupQuery.error?.errors[0]?.message ?? 'general_error')
          }
          onRetry={
            isInvalidId || groupQuery.error?.status === 404 ? undefined : () => void groupQuery.refetch()
          }
        />
      </Stack>
    );
  }
  if (!group) return <LoadingState />;

  const rowActions: RowAction<RightsEmployee>[] = [
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askRemove },
  ];
  const rights =
    group.rights.map((right) => rightLabel('gym', right)).join(', ') || t('rightsGroup.list.noRights');

  return (
    <>
      <Stack gap="xs" mb="xs">
        {back}
      </Stack>
      <SectionHeader
        title={t('rightsGroup.members.title', { name: group.name })}
        subtitle={t('rightsGroup.members.subtitle', { rights })}
      />
      {query.isError ? (
        <ErrorState message="rightsGroup.members.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label={t('rightsGroup.members.title', { name: group.name })}
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowId={(employee) => employee.employeeId}
          getRowLabel={(employee) => employee.name}
          rowActions={rowActions}
          searchPlaceholder="rightsGroup.members.searchPlaceholder"
          onAdd={() => setAdding(true)}
        />
      )}
      <AddEmployeesModal
        id={group.id}
        opened={isAdding}
        onClose={() => setAdding(false)}
        texts={addTexts}
        successMessage={(count) => t('rightsGroup.addMembers.success', { count, name: group.name })}
        schema={rightsGroupMembersInput}
        useCandidates={useRightsGroupCandidates}
        add={async (id, body) => {
          const { added } = await add.mutateAsync({ params: { id }, body });
          counts.forget();
          return added;
        }}
      />
    </>
  );
}
