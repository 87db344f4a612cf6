import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronRight, IconTrash } from '@tabler/icons-react';
import { type EmployeeSummary, newLocationEmployees } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import {
  useAddLocationEmployees,
  useKnownUsers,
  useLocationEmployees,
  useRemoveLocationEmployee,
} from './api';
import { AddEmployeesModal, type AddEmployeesTexts, useConfirmRemove } from './employee-membership';
import { employeeColumns } from './gym-employee-list';

const columns: ListColumn<EmployeeSummary>[] = [
  employeeColumns.name,
  employeeColumns.email,
  employeeColumns.phone,
];

const addTexts: AddEmployeesTexts = {
  title: 'employee.add.title',
  successTitle: 'employee.add.successTitle',
  label: 'employee.add.label',
  placeholder: 'employee.add.placeholder',
  nothingFound: 'employee.add.nothingFound',
  submit: 'employee.add.submit',
  failed: 'employee.add.failed',
};

interface LocationEmployeeListProps {
  location: { id: number; name: string };
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Opens an employee's detail, where there is one. */
  onOpen?: (employee: EmployeeSummary) => void;
  /** A page of its own ('Medewerkers' as the page title) or a tab below the location's header. */
  variant: 'page' | 'tab';
}

/** The employees of a location: add employees of its gym, remove them (with their rights there). */
export function LocationEmployeeList({
  location,
  state,
  onStateChange,
  onOpen,
  variant,
}: LocationEmployeeListProps) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  useDocumentTitle(`${t('employee.location.title')} · ${location.name} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`), per location.
  const counts = useListCounts(state, location.id);
  const query = useLocationEmployees(location.id, state, counts.countsQuery);
  const remove = useRemoveLocationEmployee();
  const add = useAddLocationEmployees();
  const [isAdding, setAdding] = useState(false);

  const askRemove = useConfirmRemove<EmployeeSummary>({
    title: 'employee.removeFromLocation.title',
    message: (employee) =>
      t('employee.removeFromLocation.message', { name: employee.name, location: location.name }),
    done: (employee) => t('employee.removeFromLocation.done', { name: employee.name }),
    failed: 'employee.removeFromLocation.failed',
    remove: async (employee) => {
      await remove.mutateAsync({ params: { id: location.id, employeeId: employee.employeeId } });
      counts.forget();
    },
    onFailed: () => void query.refetch(),
  });

  const rowActions: RowAction<EmployeeSummary>[] = [
    ...(onOpen
      ? [{ label: 'employee.list.open', icon: <IconChevronRight size={18} aria-hidden />, onClick: onOpen }]
      : []),
    {
      label: 'employee.removeFromLocation.action',
      icon: <IconTrash size={18} aria-hidden />,
      color: 'red',
      onClick: askRemove,
      // Removing yourself would lock you out; someone else has to.
      isHidden: (employee) => employee.employeeId === claims.userId,
    },
  ];
  const subtitle = t('employee.location.subtitle', { location: location.name });

  return (
    <>
      {variant === 'page' ? (
        <PageHeader title="employee.location.title" subtitle={subtitle} />
      ) : (
        <Stack gap={4} mb="md">
          <Title order={2} fz="h3">
            {t('employee.location.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        </Stack>
      )}
      {query.isError ? (
        <ErrorState message="employee.location.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label={t('employee.location.title')}
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowId={(employee) => employee.employeeId}
          getRowLabel={(employee) => employee.name}
          onRowClick={onOpen}
          rowActions={rowActions}
          searchPlaceholder="employee.location.searchPlaceholder"
          onAdd={() => setAdding(true)}
          addLabel="employee.add.action"
        />
      )}
      <AddEmployeesModal
        id={location.id}
        opened={isAdding}
        onClose={() => setAdding(false)}
        texts={addTexts}
        successMessage={(count) => t('employee.add.success', { count, location: location.name })}
        schema={newLocationEmployees}
        useCandidates={useKnownUsers}
        add={async (id, body) => {
          const { added } = await add.mutateAsync({ params: { id }, body });
          counts.forget();
          return added;
        }}
      />
    </>
  );
}
