import { Badge, Button, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileSpreadsheet, IconMailForward, IconUserMinus, IconX } from '@tabler/icons-react';
import type { EmployerEmployee, EmployerEmployeeInvitation } from '@xp/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type ListTab, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useOpenedOnce } from '@/ui/lazy-modal';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import {
  fetchEmployerEmployees,
  useCancelEmployeeInvitation,
  useEmployeeInvitations,
  useEmployerEmployees,
  useRemoveEmployerEmployee,
  useResendEmployeeInvitation,
} from './api';

// The forms (and their form library) load when first opened, not with the list.
const InviteEmployeeModal = lazy(() =>
  import('./invite-employee-modal').then((module) => ({ default: module.InviteEmployeeModal })),
);
const ExcelImportModal = lazy(() =>
  import('./excel-import-modal').then((module) => ({ default: module.ExcelImportModal })),
);

const INVITATIONS = 'invitations';

const tabs: ListTab[] = [
  { value: 'employees', label: 'employerEmployee.tabs.employees' },
  { value: INVITATIONS, label: 'employerEmployee.tabs.invitations' },
];

const employeeColumns: ListColumn<EmployerEmployee>[] = [
  {
    id: 'name',
    header: 'employerEmployee.fields.fullName',
    sortField: 'name',
    width: '28%',
    cell: (employee) => (
      <Text size="sm" fw={600}>
        {employee.fullName}
      </Text>
    ),
    exportValue: (employee) => employee.fullName,
  },
  {
    id: 'email',
    header: 'employerEmployee.fields.email',
    sortField: 'email',
    cell: (employee) => <Text size="sm">{employee.email}</Text>,
    exportValue: (employee) => employee.email,
  },
  {
    id: 'phone',
    header: 'employerEmployee.fields.phone',
    cell: (employee) => (
      <Text size="sm" c={employee.phone ? undefined : 'dimmed'}>
        {employee.phone ?? '—'}
      </Text>
    ),
    exportValue: (employee) => employee.phone,
  },
  {
    id: 'employeeSince',
    header: 'employerEmployee.fields.employeeSince',
    sortField: 'employeeSince',
    cell: (employee) => <Text size="sm">{formatDate(employee.employeeSince)}</Text>,
    exportValue: (employee, { date }) => date(employee.employeeSince),
  },
];

/** The expiry date, with 'Verlopen' once it has passed (the invitation can then only be sent again). */
function ExpiresCell({ invitation }: { invitation: EmployerEmployeeInvitation }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c={invitation.isExpired ? 'dimmed' : undefined}>
        {formatDate(invitation.expiresAt)}
      </Text>
      {invitation.isExpired && (
        <Badge color="red" variant="light" size="sm">
          {t('employerEmployee.invitations.expired')}
        </Badge>
      )}
    </Group>
  );
}

const invitationColumns: ListColumn<EmployerEmployeeInvitation>[] = [
  {
    id: 'email',
    header: 'employerEmployee.fields.email',
    sortField: 'email',
    width: '30%',
    cell: (invitation) => (
      <Text size="sm" fw={600}>
        {invitation.email}
      </Text>
    ),
  },
  {
    id: 'invitedBy',
    header: 'employerEmployee.fields.invitedBy',
    cell: (invitation) => <Text size="sm">{invitation.invitedBy ?? '—'}</Text>,
  },
  {
    id: 'createdAt',
    header: 'employerEmployee.fields.sentOn',
    sortField: 'createdAt',
    cell: (invitation) => <Text size="sm">{formatDate(invitation.createdAt)}</Text>,
  },
  {
    id: 'expiresAt',
    header: 'employerEmployee.fields.expiresOn',
    sortField: 'expiresAt',
    cell: (invitation) => <ExpiresCell invitation={invitation} />,
  },
];

/** Only the count of a list: the first row of the same search. */
const countOnly = (state: ListState): ListState => ({ ...state, page: 1, pageSize: 1, sort: undefined });

interface EmployerEmployeeListProps {
  /** The list's page, search, sort and tab; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/**
 * `/employer/employees`: the employees the active employer funds and its open invitations, as two tabs
 * with their counts; invite one address or import a list from Excel.
 */
export function EmployerEmployeeList({ state, onStateChange }: EmployerEmployeeListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('employerEmployee.list.title')} · ${t('shell.productName')}`);
  const activeEmployerId = useRequiredClaims().activeEmployerId ?? 0;
  const isInvitations = state.tab === INVITATIONS;
  // Paging or re-sorting the tab's list keeps the counts of its search (asked with `counts=false`); the other
  // tab's count request does not change meanwhile. Invite, import, remove and cancel ask them again.
  const counts = useListCounts(state, activeEmployerId);
  const employees = useEmployerEmployees(
    isInvitations ? countOnly(state) : state,
    isInvitations ? {} : counts.countsQuery,
  );
  const invitations = useEmployeeInvitations(
    activeEmployerId,
    isInvitations ? state : countOnly(state),
    isInvitations ? counts.countsQuery : {},
  );
  const employeesData = isInvitations
    ? employees.data
    : counts.withCounts(employees.data, employees.isPlaceholderData);
  const invitationsData = isInvitations
    ? counts.withCounts(invitations.data, invitations.isPlaceholderData)
    : invitations.data;
  const tabCounts = {
    employees: employeesData?.total ?? 0,
    [INVITATIONS]: invitationsData?.total ?? 0,
  };
  const [modal, setModal] = useState<'invite' | 'import' | null>(null);
  const isInviteMounted = useOpenedOnce(modal === 'invite');
  const isImportMounted = useOpenedOnce(modal === 'import');
  const active = isInvitations ? invitations : employees;

  const toolbar = (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      onClick={() => setModal('import')}
    >
      {t('employerEmployee.import.action')}
    </Button>
  );
  const common = {
    isLoading: active.isPending,
    state,
    onStateChange,
    tabs,
    toolbar,
    onAdd: () => setModal('invite'),
    addLabel: 'employerEmployee.invite.title',
    onCountsChanged: counts.forget,
  };

  return (
    <>
      <PageHeader title="employerEmployee.list.title" subtitle={t('employerEmployee.list.subtitle')} />
      {active.isError ? (
        <ErrorState
          message={
            isInvitations ? 'employerEmployee.invitations.fetchFailed' : 'employerEmployee.list.fetchFailed'
          }
          onRetry={() => void active.refetch()}
        />
      ) : isInvitations ? (
        <InvitationsTable
          activeEmployerId={activeEmployerId}
          data={invitationsData && { ...invitationsData, tabCounts }}
          refetch={() => void invitations.refetch()}
          {...common}
        />
      ) : (
        <EmployeesTable
          activeEmployerId={activeEmployerId}
          data={employeesData && { ...employeesData, tabCounts }}
          {...common}
        />
      )}
      <Suspense fallback={null}>
        {isInviteMounted && (
          <InviteEmployeeModal
            activeEmployerId={activeEmployerId}
            opened={modal === 'invite'}
            onClose={() => setModal(null)}
            onSent={counts.forget}
          />
        )}
        {isImportMounted && (
          <ExcelImportModal
            activeEmployerId={activeEmployerId}
            opened={modal === 'import'}
            onClose={() => setModal(null)}
            onSent={counts.forget}
          />
        )}
      </Suspense>
    </>
  );
}

type TableProps<T> = Omit<Parameters<typeof GenericList<T>>[0], 'columns' | 'label'> & {
  activeEmployerId: number;
  /** After the table's own remove or cancel: the list asks its counts again. */
  onCountsChanged: () => void;
};

function EmployeesTable({ activeEmployerId, onCountsChanged, ...props }: TableProps<EmployerEmployee>) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useRemoveEmployerEmployee();
  const askRemove = (employee: EmployerEmployee) =>
    void confirm({
      title: 'employerEmployee.remove.title',
      message: t('employerEmployee.remove.message', { name: employee.fullName }),
      confirmLabel: 'employerEmployee.remove.confirm',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { activeEmployerId }, body: { userId: employee.userId } });
          onCountsChanged();
          showSuccess(t('employerEmployee.remove.done', { name: employee.fullName }));
        } catch (error) {
          showFailure(error, 'employerEmployee.remove.failed');
        }
      },
    });
  const rowActions: RowAction<EmployerEmployee>[] = [
    {
      label: 'employerEmployee.remove.action',
      icon: <IconUserMinus size={18} aria-hidden />,
      color: 'red',
      onClick: askRemove,
    },
  ];
  return (
    <GenericList
      label="employerEmployee.list.title"
      columns={employeeColumns}
      getRowId={(employee) => employee.userId}
      getRowLabel={(employee) => employee.fullName}
      rowActions={rowActions}
      searchPlaceholder="employerEmployee.list.searchPlaceholder"
      exportRows={{ fileName: 'employerEmployee.list.title', fetchPage: fetchEmployerEmployees }}
      {...props}
    />
  );
}

function InvitationsTable({
  refetch,
  activeEmployerId: _employerId,
  onCountsChanged,
  ...props
}: TableProps<EmployerEmployeeInvitation> & { refetch: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const resend = useResendEmployeeInvitation();
  const cancel = useCancelEmployeeInvitation();

  const sendAgain = async (invitation: EmployerEmployeeInvitation) => {
    try {
      await resend.mutateAsync({ params: { id: invitation.id } });
      showSuccess(t('employerEmployee.resend.done', { email: invitation.email }));
    } catch (error) {
      showFailure(error, 'employerEmployee.resend.failed');
      refetch();
    }
  };
  const askCancel = (invitation: EmployerEmployeeInvitation) =>
    void confirm({
      title: 'employerEmployee.cancel.title',
      message: t('employerEmployee.cancel.message', { email: invitation.email }),
      confirmLabel: 'employerEmployee.cancel.confirm',
      color: 'red',
      onConfirm: async () => {
        try {
          await cancel.mutateAsync({ params: { id: invitation.id } });
          onCountsChanged();
          showSuccess(t('employerEmployee.cancel.done', { email: invitation.email }));
        } catch (error) {
          showFailure(error, 'employerEmployee.cancel.failed');
          // It may be gone already (used or cancelled elsewhere): show the list as it is now.
          refetch();
        }
      },
    });
  const rowActions: RowAction<EmployerEmployeeInvitation>[] = [
    {
      label: 'employerEmployee.resend.action',
      icon: <IconMailForward size={18} aria-hidden />,
      onClick: (invitation) => void sendAgain(invitation),
      isDisabled: (invitation) => resend.isPending && resend.variables?.params.id === invitation.id,
    },
    {
      label: 'employerEmployee.cancel.action',
      icon: <IconX size={18} aria-hidden />,
      color: 'red',
      onClick: askCancel,
    },
  ];
  return (
    <GenericList
      label="employerEmployee.invitations.title"
      columns={invitationColumns}
      getRowLabel={(invitation) => invitation.email}
      rowActions={rowActions}
      searchPlaceholder="employerEmployee.invitations.searchPlaceholder"
      {...props}
    />
  );
}
