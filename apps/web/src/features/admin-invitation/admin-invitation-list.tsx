import { Badge, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailForward, IconX } from '@tabler/icons-react';
import type { AdminInvitation } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { useConfirm } from '@/ui/confirm-modal';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showError, showSuccess } from '@/ui/toasts';
import { InviteAdminModal } from './admin-invitation-form';
import { useAdminInvitations, useCancelAdminInvitation, useResendAdminInvitation } from './api';

/** The expiry date, with 'Verlopen' once it has passed (the invitation can then only be sent again). */
function ExpiresCell({ invitation }: { invitation: AdminInvitation }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c={invitation.isExpired ? 'dimmed' : undefined}>
        {formatDate(invitation.expiresAt)}
      </Text>
      {invitation.isExpired && (
        <Badge color="red" variant="light" size="sm">
          {t('invitation.admins.list.expired')}
        </Badge>
      )}
    </Group>
  );
}

const columns: ListColumn<AdminInvitation>[] = [
  {
    id: 'email',
    header: 'invitation.admins.fields.email',
    sortField: 'email',
    width: '34%',
    cell: (invitation) => (
      <Text size="sm" fw={600}>
        {invitation.email}
      </Text>
    ),
  },
  {
    id: 'invitedBy',
    header: 'invitation.admins.fields.invitedBy',
    cell: (invitation) => <Text size="sm">{invitation.invitedBy ?? '—'}</Text>,
  },
  {
    id: 'createdAt',
    header: 'invitation.admins.fields.sentOn',
    sortField: 'createdAt',
    cell: (invitation) => <Text size="sm">{formatDate(invitation.createdAt)}</Text>,
  },
  {
    id: 'expiresAt',
    header: 'invitation.admins.fields.expiresOn',
    sortField: 'expiresAt',
    cell: (invitation) => <ExpiresCell invitation={invitation} />,
  },
];

/** Translation key of the server's reason, when it gave one beyond the general error. */
const reasonOf = (error: unknown) =>
  error instanceof ApiCallError
    ? error.errors.find((entry) => entry.message && entry.message !== 'general_error')?.message
    : undefined;

interface AdminInvitationListProps {
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** 'Uitgenodigde beheerders': open admin invitations, to invite, send again or cancel. */
export function AdminInvitationList({ state, onStateChange }: AdminInvitationListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('invitation.admins.title')} · ${t('shell.productName')}`);
  const query = useAdminInvitations(state);
  const resend = useResendAdminInvitation();
  const cancel = useCancelAdminInvitation();
  const confirm = useConfirm();
  const [isInviting, setInviting] = useState(false);

  const sendAgain = async (invitation: AdminInvitation) => {
    try {
      await resend.mutateAsync({ params: { id: invitation.id } });
      showSuccess(t('invitation.admins.resend.done', { email: invitation.email }));
    } catch (error) {
      const reason = reasonOf(error);
      showError(
        reason ?? 'invitation.admins.resend.failed',
        reason ? { title: 'invitation.admins.resend.failed' } : {},
      );
      void query.refetch();
    }
  };

  const askCancel = (invitation: AdminInvitation) =>
    void confirm({
      title: 'invitation.admins.cancel.title',
      message: t('invitation.admins.cancel.message', { email: invitation.email }),
      color: 'red',
      onConfirm: async () => {
        try {
          await cancel.mutateAsync({ params: { id: invitation.id } });
          showSuccess(t('invitation.admins.cancel.done', { email: invitation.email }));
        } catch (error) {
          const reason = reasonOf(error);
          showError(
            reason ?? 'invitation.admins.cancel.failed',
            reason ? { title: 'invitation.admins.cancel.failed' } : {},
          );
          // It may be gone already (used or cancelled elsewhere): show the list as it is now.
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<AdminInvitation>[] = [
    {
      label: 'invitation.admins.resend.action',
      icon: <IconMailForward size={18} aria-hidden />,
      onClick: (invitation) => void sendAgain(invitation),
      isDisabled: (invitation) => resend.isPending && resend.variables?.params.id === invitation.id,
    },
    {
      label: 'invitation.admins.cancel.action',
      icon: <IconX size={18} aria-hidden />,
      color: 'red',
      onClick: askCancel,
    },
  ];

  return (
    <>
      <PageHeader title="invitation.admins.title" subtitle={t('invitation.admins.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="invitation.admins.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="invitation.admins.title"
          columns={columns}
          data={query.data}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(invitation) => invitation.email}
          rowActions={rowActions}
          searchPlaceholder="invitation.admins.list.searchPlaceholder"
          onAdd={() => setInviting(true)}
          addLabel="invitation.admins.invite.title"
        />
      )}
      <InviteAdminModal opened={isInviting} onClose={() => setInviting(false)} />
    </>
  );
}
