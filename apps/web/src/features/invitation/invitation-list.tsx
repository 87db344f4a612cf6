import { Badge, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailForward, IconX } from '@tabler/icons-react';
import type { OpenInvitation } from '@xp/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { useConfirm } from '@/ui/confirm-modal';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showError, showSuccess } from '@/ui/toasts';
import {
  type InvitationEndpoints,
  useCancelInvitation,
  useOpenInvitations,
  useResendInvitation,
} from './api';
import { InviteModal } from './invite-form';

/** The expiry date, with 'Verlopen' once it has passed (the invitation can then only be sent again). */
function ExpiresCell({ invitation, texts }: { invitation: OpenInvitation; texts: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c={invitation.isExpired ? 'dimmed' : undefined}>
        {formatDate(invitation.expiresAt)}
      </Text>
      {invitation.isExpired && (
        <Badge color="red" variant="light" size="sm">
          {t(`${texts}.list.expired`)}
        </Badge>
      )}
    </Group>
  );
}

const columnsOf = (texts: string): ListColumn<OpenInvitation>[] => [
  {
    id: 'email',
    header: `${texts}.fields.email`,
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
    header: `${texts}.fields.invitedBy`,
    cell: (invitation) => <Text size="sm">{invitation.invitedBy ?? '—'}</Text>,
  },
  {
    id: 'createdAt',
    header: `${texts}.fields.sentOn`,
    sortField: 'createdAt',
    cell: (invitation) => <Text size="sm">{formatDate(invitation.createdAt)}</Text>,
  },
  {
    id: 'expiresAt',
    header: `${texts}.fields.expiresOn`,
    sortField: 'expiresAt',
    cell: (invitation) => <ExpiresCell invitation={invitation} texts={texts} />,
  },
];

/** Translation key of the server's reason, when it gave one beyond the general error. */
const reasonOf = (error: unknown) =>
  error instanceof ApiCallError
    ? error.errors.find((entry) => entry.message && entry.message !== 'general_error')?.message
    : undefined;

export interface InvitationListProps {
  /**
   * Prefix of the texts (`invitation.admins`, `employee.invitations`): `<texts>.title`, `.fields.*`,
   * `.list.*`, `.invite.*`, `.resend.*`, `.cancel.*`.
   */
  texts: string;
  /** The calls of this kind of invitation. */
  endpoints: InvitationEndpoints;
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** Shown between the page header and the list (e.g. tabs to the other lists of the area). */
  navigation?: ReactNode;
}

/** Open invitations of one kind ('Uitgenodigde beheerders', ...), to invite, send again or cancel. */
export function InvitationList({ texts, endpoints, state, onStateChange, navigation }: InvitationListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t(`${texts}.title`)} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`), per kind of invitation.
  const counts = useListCounts(state, texts);
  const query = useOpenInvitations(endpoints, state, counts.countsQuery);
  const resend = useResendInvitation(endpoints);
  const cancel = useCancelInvitation(endpoints);
  const confirm = useConfirm();
  const [isInviting, setInviting] = useState(false);

  const sendAgain = async (invitation: OpenInvitation) => {
    try {
      await resend.mutateAsync({ params: { id: invitation.id } });
      showSuccess(t(`${texts}.resend.done`, { email: invitation.email }));
    } catch (error) {
      const reason = reasonOf(error);
      showError(reason ?? `${texts}.resend.failed`, reason ? { title: `${texts}.resend.failed` } : {});
      void query.refetch();
    }
  };

  const askCancel = (invitation: OpenInvitation) =>
    void confirm({
      title: `${texts}.cancel.title`,
      message: t(`${texts}.cancel.message`, { email: invitation.email }),
      color: 'red',
      onConfirm: async () => {
        try {
          await cancel.mutateAsync({ params: { id: invitation.id } });
          counts.forget();
          showSuccess(t(`${texts}.cancel.done`, { email: invitation.email }));
        } catch (error) {
          const reason = reasonOf(error);
          showError(reason ?? `${texts}.cancel.failed`, reason ? { title: `${texts}.cancel.failed` } : {});
          // It may be gone already (used or cancelled elsewhere): show the list as it is now.
          void query.refetch();
        }
      },
    });

  const rowActions: RowAction<OpenInvitation>[] = [
    {
      label: `${texts}.resend.action`,
      icon: <IconMailForward size={18} aria-hidden />,
      onClick: (invitation) => void sendAgain(invitation),
      isDisabled: (invitation) => resend.isPending && resend.variables?.params.id === invitation.id,
    },
    {
      label: `${texts}.cancel.action`,
      icon: <IconX size={18} aria-hidden />,
      color: 'red',
      onClick: askCancel,
    },
  ];

  return (
    <>
      <PageHeader title={`${texts}.title`} subtitle={t(`${texts}.list.subtitle`)} />
      {navigation}
      {query.isError ? (
        <ErrorState message={`${texts}.list.fetchFailed`} onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label={`${texts}.title`}
          columns={columnsOf(texts)}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(invitation) => invitation.email}
          rowActions={rowActions}
          searchPlaceholder={`${texts}.list.searchPlaceholder`}
          onAdd={() => setInviting(true)}
          addLabel={`${texts}.invite.title`}
        />
      )}
      <InviteModal
        texts={texts}
        endpoints={endpoints}
        opened={isInviting}
        onClose={() => setInviting(false)}
      />
    </>
  );
}
