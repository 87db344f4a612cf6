import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconClock,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { AgeGroup, TimeSlotGroup } from '@xp/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmContent } from '@/ui/confirm-modal';
import { failureReason } from '@/ui/form-errors';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from '@/ui/modal-sizes';
import { EmptyState, ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { translateMessage } from '@/ui/translate';
import { useAgeGroups, useDeleteAgeGroup, useDeleteTimeSlotGroup, useTimeSlotGroups } from './api';
import { AgeGroupForm, ageRangeText, TimeSlotGroupForm, timeSlotText } from './group-forms';

type Kind = 'ageGroups' | 'timeSlotGroups';

interface GroupsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Leeftijdsgroepen en tijdsloten' of the active gym, from the subscriptions list: each listed with how many
 * subscriptions use it, added, changed and deleted (after a confirmation; the server refuses a group in use).
 */
export function GroupsModal({ opened, onClose }: GroupsModalProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('ageGroups');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('subscription.groups.title')}
      size={MODAL_SIZES.large}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      <Tabs value={kind} onChange={(value) => value && setKind(value as Kind)} keepMounted={false}>
        <Tabs.List aria-label={t('subscription.groups.title')} mb="md">
          <Tabs.Tab value="ageGroups" leftSection={<IconUsersGroup size={16} aria-hidden />}>
            {t('subscription.ageGroups.title')}
          </Tabs.Tab>
          <Tabs.Tab value="timeSlotGroups" leftSection={<IconClock size={16} aria-hidden />}>
            {t('subscription.timeSlotGroups.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ageGroups">
          <AgeGroupsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="timeSlotGroups">
          <TimeSlotGroupsPanel />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

/** What the panel shows: the list, a form, or the question before a delete. */
type View<G> = { mode: 'list' } | { mode: 'add' } | { mode: 'edit'; group: G } | { mode: 'delete'; group: G };

interface GroupsPanelProps<G extends { id: number; name: string; subscriptionCount: number }> {
  kind: Kind;
  query: { data?: { items: G[] } | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What the group spans: '18 t/m 64 jaar', 'ma, di · 07:00–09:00'. */
  describe: (group: G) => string;
  form: (group: G | undefined, done: () => void) => ReactNode;
  remove: (group: G) => Promise<unknown>;
}

function GroupsPanel<G extends { id: number; name: string; subscriptionCount: number }>({
  kind,
  query,
  describe,
  form,
  remove,
}: GroupsPanelProps<G>) {
  const { t } = useTranslation();
  const [view, setView] = useState<View<G>>({ mode: 'list' });
  /** Why the last delete was refused (a subscription uses the group): said above the list until closed. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const toList = () => setView({ mode: 'list' });
  const texts = `subscription.${kind}`;

  if (view.mode === 'add' || view.mode === 'edit') {
    return (
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t(`${texts}.${view.mode}.title`)}
        </Title>
        {form(view.mode === 'edit' ? view.group : undefined, toList)}
      </Stack>
    );
  }
  if (view.mode === 'delete') {
    const { group } = view;
    return (
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t(`${texts}.delete.title`)}
        </Title>
        <ConfirmContent
          message={t(`${texts}.delete.message`, { name: group.name })}
          confirmLabel="actions.delete"
          color="red"
          onCancel={toList}
          onConfirmed={toList}
          onConfirm={async () => {
            setRefusal(null);
            try {
              await remove(group);
              showSuccess(t(`${texts}.delete.done`, { name: group.name }));
            } catch (error) {
              // In use by a subscription (409 `…InUse`), or gone already: say why, show the list as it is.
              setRefusal(failureReason(error) ?? 'general_error');
              void query.refetch();
            }
          }}
        />
      </Stack>
    );
  }

  const items = query.data?.items ?? [];
  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setView({ mode: 'add' })}>
      {t(`${texts}.add.action`)}
    </Button>
  );
  if (query.isError) {
    return <ErrorState message={`${texts}.fetchFailed`} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return <LoadingState />;
  if (items.length === 0) {
    return <EmptyState title={`${texts}.emptyTitle`} message={`${texts}.emptyMessage`} action={addButton} />;
  }
  return (
    <Stack gap="md">
      {refusal && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          title={t(`${texts}.delete.failed`)}
          role="alert"
          withCloseButton
          closeButtonLabel={t('actions.close')}
          onClose={() => setRefusal(null)}
        >
          <Text size="sm">{translateMessage(t, refusal)}</Text>
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t(`${texts}.explanation`)}
        </Text>
        {addButton}
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm" aria-label={t(`${texts}.title`)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${texts}.fields.name`)}</Table.Th>
              <Table.Th>{t(`${texts}.fields.span`)}</Table.Th>
              <Table.Th ta="right">{t('subscription.groups.usedBy')}</Table.Th>
              <Table.Th w={96}>
                <VisuallyHidden>{t('ui.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {group.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{describe(group)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Badge variant="light" color={group.subscriptionCount > 0 ? 'blue' : 'gray'}>
                    {t('subscription.groups.subscriptionCount', { count: group.subscriptionCount })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('ui.list.rowAction', { action: t('actions.edit'), row: group.name })}
                      title={t('actions.edit')}
                      onClick={() => setView({ mode: 'edit', group })}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('ui.list.rowAction', { action: t('actions.delete'), row: group.name })}
                      title={t('actions.delete')}
                      onClick={() => setView({ mode: 'delete', group })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function AgeGroupsPanel() {
  const { t } = useTranslation();
  const query = useAgeGroups();
  const remove = useDeleteAgeGroup();
  return (
    <GroupsPanel<AgeGroup>
      kind="ageGroups"
      query={query}
      describe={(group) => ageRangeText(t, group)}
      form={(group, done) => <AgeGroupForm group={group} onSaved={done} onCancel={done} />}
      remove={(group) => remove.mutateAsync({ params: { id: group.id } })}
    />
  );
}

function TimeSlotGroupsPanel() {
  const { t } = useTranslation();
  const query = useTimeSlotGroups();
  const remove = useDeleteTimeSlotGroup();
  return (
    <GroupsPanel<TimeSlotGroup>
      kind="timeSlotGroups"
      query={query}
      describe={(group) => timeSlotText(t, group)}
      form={(group, done) => <TimeSlotGroupForm group={group} onSaved={done} onCancel={done} />}
      remove={(group) => remove.mutateAsync({ params: { id: group.id } })}
    />
  );
}
