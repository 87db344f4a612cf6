import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconMailForward, IconSend, IconX } from '@tabler/icons-react';
import { type EmployerDetail, inviteByEmail, type OpenInvitation } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure, showSaveErrors } from '@/ui/form-errors';
import { formatDate } from '@/ui/inputs/date-utils';
import { TextField } from '@/ui/inputs/text-field';
import { SidePanel } from '@/ui/side-panel';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import {
  useCancelEmployerInvitation,
  useEmployer,
  useInviteEmployerContact,
  useResendEmployerInvitation,
} from './api';
import { RegistrationBadge } from './employer-cells';

interface EmployerDetailPanelProps {
  /** The employer shown; `null` closes the panel. */
  employerId: number | null;
  onClose: () => void;
}

/** One employer (admin): its registration, the accounts acting for it and its open invitations. */
export function EmployerDetailPanel({ employerId, onClose }: EmployerDetailPanelProps) {
  const { t } = useTranslation();
  const query = useEmployer(employerId);
  const employer = query.data;
  return (
    <SidePanel
      opened={employerId !== null}
      onClose={onClose}
      title={employer?.name ?? t('employer.detail.title')}
      subtitle={
        employer ? t('employer.detail.subtitle', { date: formatDate(employer.createdAt) }) : undefined
      }
      isLoading={query.isPending && employerId !== null}
    >
      {query.isError ? (
        <ErrorState message="employer.detail.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        employer && <EmployerDetailContent key={employer.id} employer={employer} />
      )}
    </SidePanel>
  );
}

function EmployerDetailContent({ employer }: { employer: EmployerDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Group gap="lg">
        <RegistrationBadge registration={employer.registration} />
        <Text size="sm">
          {t('employer.detail.employees', {
            count: employer.employeeCount,
            number: employer.employeeCount.toLocaleString('nl-NL'),
          })}
        </Text>
      </Group>

      <section aria-labelledby="employer-users">
        <Title order={3} size="h5" mb="xs" id="employer-users">
          {t('employer.detail.users')}
        </Title>
        {employer.users.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('employer.detail.noUsers')}
          </Text>
        ) : (
          <Table aria-labelledby="employer-users" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employer.fields.userName')}</Table.Th>
                <Table.Th>{t('employer.fields.email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {employer.users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {user.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.email}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section aria-labelledby="employer-invitations">
        <Title order={3} size="h5" mb="xs" id="employer-invitations">
          {t('employer.detail.invitations')}
        </Title>
        <InvitationTable employerId={employer.id} invitations={employer.invitations} />
        <InviteContactForm employerId={employer.id} />
      </section>
    </Stack>
  );
}

function InvitationTable({ employerId, invitations }: { employerId: number; invitations: OpenInvitation[] }) {
  const { t } = useTranslation();
  const resend = useResendEmployerInvitation();
  const cancel = useCancelEmployerInvitation();
  const confirm = useConfirm();

  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('employer.detail.noInvitations')}
      </Text>
    );
  }

  const sendAgain = async (invitation: OpenInvitation) => {
    try {
      await resend.mutateAsync({ params: { id: employerId, invitationId: invitation.id } });
      showSuccess(t('employer.invitations.resent', { email: invitation.email }));
    } catch (error) {
      showFailure(error, 'employer.invitations.resendFailed');
    }
  };

  const askCancel = (invitation: OpenInvitation) =>
    void confirm({
      title: 'employer.invitations.cancelTitle',
      message: t('employer.invitations.cancelMessage', { email: invitation.email }),
      color: 'red',
      onConfirm: async () => {
        try {
          await cancel.mutateAsync({ params: { id: employerId, invitationId: invitation.id } });
          showSuccess(t('employer.invitations.cancelled', { email: invitation.email }));
        } catch (error) {
          showFailure(error, 'employer.invitations.cancelFailed');
        }
      },
    });

  return (
    <Table aria-labelledby="employer-invitations" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('employer.fields.email')}</Table.Th>
          <Table.Th>{t('employer.fields.sentOn')}</Table.Th>
          <Table.Th>{t('employer.fields.expiresOn')}</Table.Th>
          <Table.Th w={96}>
            <VisuallyHidden>{t('employer.fields.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invitations.map((invitation) => {
          const resendLabel = `${t('employer.invitations.resend')} ${invitation.email}`;
          const cancelLabel = `${t('employer.invitations.cancel')} ${invitation.email}`;
          return (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {invitation.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(invitation.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" c={invitation.isExpired ? 'dimmed' : undefined}>
                    {formatDate(invitation.expiresAt)}
                  </Text>
                  {invitation.isExpired && (
                    <Badge color="red" variant="light" size="sm">
                      {t('employer.invitations.expired')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label={t('employer.invitations.resend')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={resendLabel}
                      loading={resend.isPending && resend.variables?.params.invitationId === invitation.id}
                      onClick={() => void sendAgain(invitation)}
                    >
                      <IconMailForward size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('employer.invitations.cancel')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={cancelLabel}
                      onClick={() => askCancel(invitation)}
                    >
                      <IconX size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Invites (another) contact to register for the employer, e.g. after an invitation was cancelled. */
function InviteContactForm({ employerId }: { employerId: number }) {
  const { t } = useTranslation();
  const invite = useInviteEmployerContact();
  const form = useZodForm(inviteByEmail, { defaultValues: { email: '' } });

  const submit = form.handleSubmit(async (values) => {
    try {
      const invitation = await invite.mutateAsync({ params: { id: employerId }, body: values });
      showSuccess(t('employer.invitations.sent', { email: invitation.email }));
      form.reset({ email: '' });
    } catch (error) {
      showSaveErrors(error, form.setError, ['email'], 'employer.invitations.inviteFailed');
    }
  });

  return (
    <Paper withBorder p="md" mt="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={t('employer.invitations.inviteTitle')}>
        <Group align="flex-end" wrap="nowrap">
          <TextField
            control={form.control}
            name="email"
            type="email"
            label={t('employer.invitations.inviteTitle')}
            required
            maxLength={254}
            autoCapitalize="none"
            spellCheck={false}
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {t('employer.invitations.invite')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
