import { Badge, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import type { GymEmployee } from '@xp/contracts';
import { gymEmployeeInvitationCalls } from '@xp/contracts/calls';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useOpenedOnce } from '@/ui/lazy-modal';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { fetchGymEmployees, useGymEmployees } from './api';
import { EmployeeTabs } from './employee-tabs';

// The invitation form (and its form library) loads when first opened, not with the list.
const InviteModal = lazy(() =>
  import('@/features/invitation/invite-form').then((module) => ({ default: module.InviteModal })),
);

export const employeeColumns = {
  name: {
    id: 'name',
    header: 'employee.fields.name',
    sortField: 'name',
    width: '30%',
    exportValue: (employee: { name: string }) => employee.name,
    cell: (employee: { name: string }) => (
      <Text size="sm" fw={600}>
        {employee.name}
      </Text>
    ),
  },
  email: {
    id: 'email',
    header: 'employee.fields.email',
    sortField: 'email',
    cell: (employee: { email: string }) => <Text size="sm">{employee.email}</Text>,
    exportValue: (employee: { email: string }) => employee.email,
  },
  phone: {
    id: 'phone',
    header: 'employee.fields.phone',
    cell: (employee: { phoneNumber: string | null }) => (
      <Text size="sm" c={employee.phoneNumber ? undefined : 'dimmed'}>
        {employee.phoneNumber ?? '—'}
      </Text>
    ),
    exportValue: (employee: { phoneNumber: string | null }) => employee.phoneNumber,
  },
} satisfies Record<string, ListColumn<GymEmployee>>;

const columns: ListColumn<GymEmployee>[] = [
  employeeColumns.name,
  employeeColumns.email,
  employeeColumns.phone,
  {
    id: 'locationCount',
    header: 'employee.fields.locationCount',
    sortField: 'locationCount',
    align: 'right',
    cell: (employee) => (
      <Badge variant="light" color={employee.locationCount > 0 ? 'blue' : 'gray'}>
        {employee.locationCount}
      </Badge>
    ),
    exportValue: (employee) => employee.locationCount,
  },
];

interface GymEmployeeListProps {
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  onOpen: (employee: GymEmployee) => void;
}

/** `/employees`: everyone who works for the active gym. */
export function GymEmployeeList({ state, onStateChange, onOpen }: GymEmployeeListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('employee.list.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useGymEmployees(state, counts.countsQuery);
  const [isInviting, setInviting] = useState(false);
  const isInviteMounted = useOpenedOnce(isInviting);
  const rowActions: RowAction<GymEmployee>[] = [
    { label: 'employee.list.open', icon: <IconChevronRight size={18} aria-hidden />, onClick: onOpen },
  ];
  return (
    <>
      <PageHeader title="employee.list.title" subtitle={t('employee.list.subtitle')} />
      <EmployeeTabs active="employees" />
      {query.isError ? (
        <ErrorState message="employee.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="employee.list.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowId={(employee) => employee.employeeId}
          getRowLabel={(employee) => employee.name}
          onRowClick={onOpen}
          rowActions={rowActions}
          searchPlaceholder="employee.list.searchPlaceholder"
          onAdd={() => setInviting(true)}
          addLabel="employee.list.invite"
          exportRows={{ fileName: 'employee.list.title', fetchPage: fetchGymEmployees }}
        />
      )}
      {isInviteMounted && (
        <Suspense fallback={null}>
          <InviteModal
            texts="employee.invitations"
            endpoints={gymEmployeeInvitationCalls}
            opened={isInviting}
            onClose={() => setInviting(false)}
          />
        </Suspense>
      )}
    </>
  );
}
