import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconGitMerge, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memberEndpoints, type PendingSignUpItem, signUpEndpoints } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { formatDate } from '@/ui/inputs/date-utils';
import { ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';

/** The newest pending sign-ups the desk sees at once (a few a week is what a club gets). */
const SHOWN = 50;

/**
 * 'Aanmeldingen om te controleren' (decision 018): sign-ups whose address is not proven yet, of
 * the active gym or location, each beside the member of that address when there is one. The desk merges one
 * (its data and membership on that member, or a new member; no account) or dismisses it, each after a
 * confirmation that says what happens.
 */
export function PendingSignUps() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const query = useApiQuery(signUpEndpoints.pendingSignUps, {
    query: { page: 1, pageSize: SHOWN, sort: 'createdAt', direction: 'desc' },
  });
  const refresh = () =>
    Promise.all(
      [
        signUpEndpoints.pendingSignUps,
        memberEndpoints.list,
        memberEndpoints.get,
        memberEndpoints.openRegistrations,
      ].map((endpoint) => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoint) })),
    );
  const merge = useApiMutation(signUpEndpoints.mergePendingSignUp, { onSuccess: () => refresh() });
  const dismiss = useApiMutation(signUpEndpoints.dismissPendingSignUp, { onSuccess: () => refresh() });

  const confirmMerge = (item: PendingSignUpItem) =>
    void confirm({
      title: 'member.pendingSignUps.mergeTitle',
      message: item.member
        ? t('member.pendingSignUps.mergeExisting', { name: item.member.fullName, email: item.email })
        : t('member.pendingSignUps.mergeNew', { name: item.fullName, email: item.email }),
      confirmLabel: 'member.pendingSignUps.merge',
      onConfirm: async () => {
        try {
          await merge.mutateAsync({ params: { id: item.id } });
          showSuccess(t('member.pendingSignUps.merged', { name: item.fullName }));
        } catch (error) {
          showFailure(error, 'member.pendingSignUps.mergeFailed');
        }
      },
    });
  const confirmDismiss = (item: PendingSignUpItem) =>
    void confirm({
      title: 'member.pendingSignUps.dismissTitle',
      message: t('member.pendingSignUps.dismissMessage', { name: item.fullName, email: item.email }),
      confirmLabel: 'member.pendingSignUps.dismiss',
      color: 'red',
      onConfirm: async () => {
        try {
          await dismiss.mutateAsync({ params: { id: item.id } });
          showSuccess(t('member.pendingSignUps.dismissed', { name: item.fullName }));
        } catch (error) {
          showFailure(error, 'member.pendingSignUps.dismissFailed');
        }
      },
    });

  const items = query.data?.items ?? [];
  return (
    <Paper withBorder p="md" mb="lg" component="section" aria-labelledby="pending-sign-ups-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="pending-sign-ups-title">
            {t('member.pendingSignUps.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('member.pendingSignUps.subtitle')}
          </Text>
        </div>
        {query.isError ? (
          <ErrorState message="member.pendingSignUps.fetchFailed" onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <LoadingState />
        ) : items.length === 0 ? (
          <Text size="sm">{t('member.pendingSignUps.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label={t('member.pendingSignUps.label')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('member.fields.name')}</Table.Th>
                  <Table.Th>{t('member.pendingSignUps.membership')}</Table.Th>
                  <Table.Th>{t('member.pendingSignUps.signedUpAt')}</Table.Th>
                  <Table.Th>{t('member.pendingSignUps.existingMember')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {item.fullName}
                      </Text>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {item.email}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(item.dateOfBirth)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {[item.subscriptionName, item.variantName].filter(Boolean).join(' · ')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[item.locationName, item.startDate ? formatDate(item.startDate) : null]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(item.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {item.member ? (
                        <Text size="sm">{item.member.fullName}</Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('member.pendingSignUps.newMember')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconGitMerge size={14} aria-hidden />}
                          aria-label={t('ui.list.rowAction', {
                            action: t('member.pendingSignUps.merge'),
                            row: item.fullName,
                          })}
                          onClick={() => confirmMerge(item)}
                        >
                          {t('member.pendingSignUps.merge')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconX size={14} aria-hidden />}
                          aria-label={t('ui.list.rowAction', {
                            action: t('member.pendingSignUps.dismiss'),
                            row: item.fullName,
                          })}
                          onClick={() => confirmDismiss(item)}
                        >
                          {t('member.pendingSignUps.dismiss')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
