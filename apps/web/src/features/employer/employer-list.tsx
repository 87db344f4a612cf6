import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Employer } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type ListTab, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { fetchEmployers, useDeleteEmployer, useEmployers } from './api';
import { RegistrationBadge } from './employer-cells';
import { EmployerDetailPanel } from './employer-detail';
import { EmployerFormPanel } from './employer-form';

const count = (value: number) => (
  <Text size="sm" ta="right">
    {value.toLocaleString('nl-NL')}
  </Text>
);

const columns: ListColumn<Employer>[] = [
  {
    id: 'name',
    header: 'employer.fields.name',
    sortField: 'name',
    width: '34%',
    exportValue: (employer) => employer.name,
    cell: (employer) => (
      <Text size="sm" fw={600}>
        {employer.name}
      </Text>
    ),
  },
  {
    id: 'registration',
    header: 'employer.fields.registration',
    exportValue: (employer, { t }) => t(`employer.registration.${employer.registration}`),
    cell: (employer) => <RegistrationBadge registration={employer.registration} />,
  },
  {
    id: 'users',
    header: 'employer.fields.userCount',
    align: 'right',
    cell: (employer) => count(employer.userCount),
    exportValue: (employer) => employer.userCount,
  },
  {
    id: 'employees',
    header: 'employer.fields.employeeCount',
    sortField: 'employeeCount',
    align: 'right',
    cell: (employer) => count(employer.employeeCount),
    exportValue: (employer) => employer.employeeCount,
  },
  {
    id: 'createdAt',
    header: 'employer.fields.createdAt',
    sortField: 'createdAt',
    cell: (employer) => <Text size="sm">{formatDate(employer.createdAt)}</Text>,
    exportValue: (employer) => formatDate(employer.createdAt),
  },
];

/** Keyed like the server's `tabCounts`. */
const tabs: ListTab[] = [
  { value: 'all', label: 'employer.list.tabs.all' },
  { value: 'complete', label: 'employer.list.tabs.complete' },
  { value: 'inProgress', label: 'employer.list.tabs.inProgress' },
];

interface EmployerListProps {
  /** Tab, page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** 'Werkgevers' (admin): every employer, registered or still invited; added, renamed and deleted here. */
export function EmployerList({ state, onStateChange }: EmployerListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('employer.list.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the counts of the search and tab (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useEmployers(state, counts.countsQuery);
  const remove = useDeleteEmployer();
  const confirm = useConfirm();
  // `null`: closed; `undefined` inside: a new employer.
  const [panel, setPanel] = useState<{ employer?: Employer } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);

  const askDelete = (employer: Employer) =>
    void confirm({
      title: 'employer.delete.title',
      message: t('employer.delete.message', { name: employer.name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: employer.id } });
          counts.forget();
          showSuccess(t('employer.delete.done', { name: employer.name }));
          if (detailId === employer.id) setDetailId(null);
        } catch (error) {
          showFailure(error, 'employer.delete.failed');
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<Employer>[] = [
    {
      label: 'employer.rename.action',
      icon: <IconPencil size={18} aria-hidden />,
      onClick: (employer) => setPanel({ employer }),
    },
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askDelete },
  ];

  return (
    <>
      <PageHeader title="employer.list.title" subtitle={t('employer.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="employer.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="employer.list.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          tabs={tabs}
          getRowLabel={(employer) => employer.name}
          onRowClick={(employer) => setDetailId(employer.id)}
          rowActions={rowActions}
          searchPlaceholder="employer.list.searchPlaceholder"
          exportRows={{ fileName: 'employer.list.title', fetchPage: fetchEmployers }}
          onAdd={() => setPanel({})}
          addLabel="employer.add.title"
        />
      )}
      <EmployerFormPanel opened={panel !== null} employer={panel?.employer} onClose={() => setPanel(null)} />
      <EmployerDetailPanel employerId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
