import { useDocumentTitle } from '@mantine/hooks';
import { IconMailExclamation } from '@tabler/icons-react';
import type { Paged, UserOverviewItem } from '@xp/contracts';
import { roles } from '@xp/contracts/enums';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type ListTab, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { fetchUsers, isRole, useRequestAccountDeletion, useUsers } from './api';
import { userColumns } from './user-cells';

const columns: ListColumn<UserOverviewItem>[] = [
  userColumns.name,
  userColumns.email,
  userColumns.role,
  userColumns.tfa,
  userColumns.createdAt,
];

/** One tab per role, keyed like the server's `tabCounts` (`all`, `Admin`, `Employee`, ...). */
const tabValues = ['all', ...roles] as const;
const tabs: ListTab[] = tabValues.map((value) => ({ value, label: `users.overview.tabs.${value}` }));

/** The server counts only the roles that have users; an empty role shows 0 rather than no count. */
const withEmptyTabs = (data: Paged<UserOverviewItem>): Paged<UserOverviewItem> =>
  data.tabCounts
    ? { ...data, tabCounts: { ...Object.fromEntries(tabValues.map((tab) => [tab, 0])), ...data.tabCounts } }
    : data;

interface UserListProps {
  /** The list's tab, page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** 'Gebruikers': every user of the platform by role, with 'Verwijderverzoek sturen'. */
export function UserList({ state, onStateChange }: UserListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('users.overview.title')} · ${t('shell.productName')}`);
  // An unknown tab in the URL shows everyone, like the first tab.
  const role = isRole(state.tab) ? state.tab : undefined;
  // Paging or re-sorting keeps the counts of the search and tab (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useUsers(state, role, counts.countsQuery);
  const answer = counts.withCounts(query.data, query.isPlaceholderData);
  const data = useMemo(() => answer && withEmptyTabs(answer), [answer]);
  const requestDeletion = useRequestAccountDeletion();
  const confirm = useConfirm();

  const askDeletionRequest = (user: UserOverviewItem) =>
    void confirm({
      title: 'users.overview.deletionRequest.title',
      message: t('users.overview.deletionRequest.message', { name: user.name, email: user.email }),
      confirmLabel: 'users.overview.deletionRequest.confirm',
      onConfirm: async () => {
        try {
          await requestDeletion.mutateAsync({ body: { userId: user.id } });
          showSuccess(t('users.overview.deletionRequest.done', { email: user.email }));
        } catch (error) {
          showFailure(error, 'users.overview.deletionRequest.failed');
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<UserOverviewItem>[] = [
    {
      label: 'users.overview.deletionRequest.action',
      icon: <IconMailExclamation size={18} aria-hidden />,
      onClick: askDeletionRequest,
    },
  ];

  return (
    <>
      <PageHeader title="users.overview.title" subtitle={t('users.overview.subtitle')} />
      {query.isError ? (
        <ErrorState message="users.overview.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="users.overview.title"
          columns={columns}
          data={data}
          isLoading={query.isPending}
          state={{ ...state, tab: role }}
          onStateChange={onStateChange}
          getRowLabel={(user) => user.name}
          rowActions={rowActions}
          tabs={tabs}
          searchPlaceholder="users.overview.searchPlaceholder"
          exportRows={{ fileName: 'users.overview.title', fetchPage: (page) => fetchUsers(page, role) }}
        />
      )}
    </>
  );
}
