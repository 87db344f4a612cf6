import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendarOff, IconPlayerPause, IconPlus, IconX } from '@tabler/icons-react';
import {
  dutchToday,
  type Member,
  type Membership,
  type MembershipPause,
  MembershipState,
} from '@xp/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { useOpenedOnce } from '@/ui/lazy-modal';
import { EmptyState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useRemovePause } from './api';
import { formatDay } from './day-field';
import { MembershipStateBadge } from './status-badge';

// The forms (and their schemas and date pickers) load when first opened.
const forms = () => import('./membership-forms');
const TakeOutModal = lazy(() => forms().then((module) => ({ default: module.TakeOutModal })));
const EndModal = lazy(() => forms().then((module) => ({ default: module.EndModal })));
const PauseModal = lazy(() => forms().then((module) => ({ default: module.PauseModal })));

/** A pause that has not started can be cancelled (its end date moves back). */
const isCancellable = (pause: MembershipPause) => pause.fromDate > dutchToday();

function Pauses({ membership, isLocked }: { membership: Membership; isLocked: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useRemovePause();
  if (membership.pauses.length === 0) return null;

  const cancel = (pause: MembershipPause) => {
    const range = { from: formatDay(pause.fromDate), to: formatDay(pause.toDate) };
    return confirm({
      title: 'member.removePause.title',
      message: t('member.removePause.message', range),
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: pause.id } });
          showSuccess(t('member.removePause.done'));
        } catch (error) {
          showFailure(error, 'member.removePause.failed');
        }
      },
    });
  };

  return (
    <Stack gap={2} mt={4}>
      {membership.pauses.map((pause) => {
        const text = t('member.memberships.pause', {
          from: formatDay(pause.fromDate),
          to: formatDay(pause.toDate),
        });
        return (
          <Group key={pause.id} gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {text}
            </Text>
            {!isLocked && isCancellable(pause) && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={12} aria-hidden />}
                aria-label={`${t('member.removePause.action')}: ${text}`}
                onClick={() => void cancel(pause)}
              >
                {t('member.removePause.action')}
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * The member's memberships: subscription and variant, location, start, end, where it stands today and its
 * pauses; 'Abonnement afsluiten', and per running one 'Pauzeren' and 'Beëindigen'.
 */
export function MembershipsSection({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [isTakingOut, setTakingOut] = useState(false);
  const [ending, setEnding] = useState<Membership | null>(null);
  const [pausing, setPausing] = useState<Membership | null>(null);
  const isFormsMounted = useOpenedOnce(isTakingOut || ending !== null || pausing !== null);
  const isLocked = member.anonymisedAt !== null;

  const takeOut = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setTakingOut(true)}
      disabled={isLocked}
    >
      {t('member.takeOut.action')}
    </Button>
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h4">
          {t('member.memberships.title')}
        </Title>
        {member.memberships.length > 0 && takeOut}
      </Group>
      {member.memberships.length === 0 ? (
        <EmptyState
          title="member.memberships.emptyTitle"
          message="member.memberships.emptyMessage"
          action={takeOut}
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label={t('member.memberships.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('member.memberships.subscription')}</Table.Th>
                <Table.Th>{t('member.memberships.location')}</Table.Th>
                <Table.Th>{t('member.memberships.startDate')}</Table.Th>
                <Table.Th>{t('member.memberships.endDate')}</Table.Th>
                <Table.Th>{t('member.memberships.state')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('ui.list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {member.memberships.map((membership) => {
                const name = `${membership.subscription.name} (${membership.variant.name})`;
                const isEnded = membership.state === MembershipState.Ended;
                return (
                  <Table.Tr key={membership.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {membership.subscription.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {membership.variant.name}
                      </Text>
                      <Pauses membership={membership} isLocked={isLocked} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{membership.location.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDay(membership.startDate)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {membership.endDate ? (
                        <Text size="sm">{formatDay(membership.endDate)}</Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('member.memberships.runsOn')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <MembershipStateBadge state={membership.state} />
                    </Table.Td>
                    <Table.Td>
                      {!isEnded && !isLocked && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconPlayerPause size={14} aria-hidden />}
                            aria-label={t('ui.list.rowAction', {
                              action: t('member.pause.action'),
                              row: name,
                            })}
                            onClick={() => setPausing(membership)}
                          >
                            {t('member.pause.action')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            leftSection={<IconCalendarOff size={14} aria-hidden />}
                            aria-label={t('ui.list.rowAction', { action: t('member.end.action'), row: name })}
                            onClick={() => setEnding(membership)}
                          >
                            {t('member.end.action')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {isFormsMounted && (
        <Suspense fallback={null}>
          <TakeOutModal member={member} opened={isTakingOut} onClose={() => setTakingOut(false)} />
          <EndModal membership={ending} onClose={() => setEnding(null)} />
          <PauseModal membership={pausing} onClose={() => setPausing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
