import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldOff, IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { UserOverviewItem } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useClaims } from '@/app/session';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useRevokeAdmin, useUsers } from './api';
import { userColumns } from './user-cells';

const columns: ListColumn<UserOverviewItem>[] = [
  userColumns.name,
  userColumns.email,
  userColumns.tfa,
  userColumns.createdAt,
];

interface AdminListProps {
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** 'Beheerders': every admin, with 'Beheerrechten intrekken' (never for the last admin, says the server). */
export function AdminList({ state, onStateChange }: AdminListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('users.admins.title')} · ${t('shell.productName')}`);
  const claims = useClaims();
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useUsers(state, 'Admin', counts.countsQuery);
  const revoke = useRevokeAdmin();
  const confirm = useConfirm();

  const askRevoke = (user: UserOverviewItem) =>
    void confirm({
      title: 'users.admins.revoke.title',
      message: t('users.admins.revoke.message', { name: user.name, email: user.email }),
      confirmLabel: 'users.admins.revoke.confirm',
      color: 'red',
      onConfirm: async () => {
        try {
          await revoke.mutateAsync({ params: { id: user.id } });
          counts.forget();
          showSuccess(t('users.admins.revoke.done', { name: user.name }));
        } catch (error) {
          showFailure(error, 'users.admins.revoke.failed');
          // It may have changed elsewhere: show the list as it is now.
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<UserOverviewItem>[] = [
    {
      label: 'users.admins.revoke.action',
      icon: <IconShieldOff size={18} aria-hidden />,
      color: 'red',
      onClick: askRevoke,
      // Taking away one's own rights would end this very session's access to the screen.
      isHidden: (user) => user.id === claims?.userId,
    },
  ];

  return (
    <>
      <PageHeader
        title="users.admins.title"
        subtitle={t('users.admins.subtitle')}
        actions={
          <Button
            component={Link}
            to="/admin/admins/invited"
            variant="light"
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            {t('users.admins.invited')}
          </Button>
        }
      />
      {query.isError ? (
        <ErrorState message="users.admins.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="users.admins.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(user) => user.name}
          rowActions={rowActions}
          searchPlaceholder="users.admins.searchPlaceholder"
        />
      )}
    </>
  );
}
