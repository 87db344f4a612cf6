import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Challenge } from '@xp/contracts';
import { challengeOwnerOf } from '@xp/contracts/challenge-owner';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type ListTab, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { fetchChallenges, useChallenges, useDeleteChallenge, useSetChallengeActive } from './api';
import { ChallengeModal } from './challenge-form';
import { ChallengeBanner, formatXp, ThemeBadge } from './challenge-template-card';

/** '12-01-2027 t/m 09-02-2027', 'Vanaf 12-01-2027', or null when the period is off. */
function periodText(
  t: (key: string, options?: Record<string, unknown>) => string,
  isOn: boolean,
  start: string | null,
  end: string | null,
): string | null {
  if (!isOn || !start) return null;
  return end
    ? t('challenge.list.periodRange', { start: formatDate(start), end: formatDate(end) })
    : t('challenge.list.periodFrom', { start: formatDate(start) });
}

/** The active period ('Altijd actief' without one) and, when set, the visible period below it. */
function ChallengePeriods({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation();
  const active = periodText(t, challenge.hasDate, challenge.startDate, challenge.endDate);
  const visible = periodText(t, challenge.hasFromDate, challenge.fromDate, challenge.fromEndDate);
  return (
    <Stack gap={2}>
      <Text size="sm" c={active ? undefined : 'dimmed'}>
        {active ?? t('challenge.list.alwaysActive')}
      </Text>
      {visible && (
        <Text size="xs" c="dimmed">
          {t('challenge.list.visible', { period: visible })}
        </Text>
      )}
    </Stack>
  );
}

/** Tells the list that a row's switch moved a challenge to the other tab (`useListCounts().forget`). */
const TabCountsChanged = createContext<() => void>(() => {});

/** Switches a challenge on or off at once (`PUT /challenge/{true|false}`); goes back when that fails. */
function ActiveSwitch({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation();
  const setActive = useSetChallengeActive();
  const countsChanged = useContext(TabCountsChanged);
  const [isActive, setIsActive] = useState(challenge.isActive);
  useEffect(() => setIsActive(challenge.isActive), [challenge.isActive]);
  const name = challenge.challengeTemplatePlainModel.name;

  const toggle = async (next: boolean) => {
    setIsActive(next);
    try {
      await setActive.mutateAsync({
        params: { isActive: next ? 'true' : 'false' },
        body: { id: challenge.id },
      });
      countsChanged();
      showSuccess(t(next ? 'challenge.toggle.activated' : 'challenge.toggle.deactivated', { name }));
    } catch (error) {
      setIsActive(!next);
      showFailure(error, 'challenge.toggle.failed');
    }
  };

  return (
    <Switch
      checked={isActive}
      disabled={setActive.isPending}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      aria-label={t('challenge.toggle.label', { name })}
    />
  );
}

const columns: ListColumn<Challenge>[] = [
  {
    id: 'name',
    header: 'challenge.list.name',
    sortField: 'name',
    width: '36%',
    cell: (challenge) => <ChallengeName challenge={challenge} />,
    exportValue: (challenge) => challenge.challengeTemplatePlainModel.name,
  },
  {
    id: 'theme',
    header: 'challengeTemplate.fields.theme',
    cell: (challenge) => <ThemeBadge theme={challenge.challengeTemplatePlainModel.theme} />,
    exportValue: (challenge, { t }) =>
      t(`challengeTemplate.theme.${challenge.challengeTemplatePlainModel.theme}`),
  },
  {
    id: 'period',
    header: 'challenge.list.period',
    sortField: 'startDate',
    cell: (challenge) => <ChallengePeriods challenge={challenge} />,
    exportValue: (challenge, { t }) => {
      const active = periodText(t, challenge.hasDate, challenge.startDate, challenge.endDate);
      const visible = periodText(t, challenge.hasFromDate, challenge.fromDate, challenge.fromEndDate);
      const text = active ?? t('challenge.list.alwaysActive');
      return visible ? `${text} (${t('challenge.list.visible', { period: visible })})` : text;
    },
  },
  {
    id: 'reward',
    header: 'challenge.list.reward',
    sortField: 'entreoPointsReward',
    align: 'right',
    cell: (challenge) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatXp(challenge.entreoPointsReward)} XP
      </Text>
    ),
    exportValue: (challenge) => challenge.entreoPointsReward,
  },
  {
    id: 'isActive',
    header: 'challenge.list.active',
    width: 80,
    exportValue: (challenge) => challenge.isActive,
    // The switch saves on its own; a click on it must not also open the row.
    cell: (challenge) => (
      // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click, the switch is the control
      // biome-ignore lint/a11y/useKeyWithClickEvents: the row's keyboard handler ignores events from the switch
      <div onClick={(event) => event.stopPropagation()}>
        <ActiveSwitch challenge={challenge} />
      </div>
    ),
  },
];

function ChallengeName({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation();
  const template = challenge.challengeTemplatePlainModel;
  return (
    <Group gap="sm" wrap="nowrap">
      <ChallengeBanner hash={template.challengeBannerHash} width={80} height={40} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} lineClamp={2}>
          {template.name}
        </Text>
        {challenge.createdByPlatform && (
          <Badge size="xs" variant="outline" color="gray" style={{ alignSelf: 'flex-start' }}>
            {t('challenge.list.byPlatform')}
          </Badge>
        )}
      </Stack>
    </Group>
  );
}

const tabs: ListTab[] = [
  { value: 'all', label: 'challenge.list.tabs.all' },
  { value: 'active', label: 'challenge.list.tabs.active' },
  { value: 'inactive', label: 'challenge.list.tabs.inactive' },
];

interface ChallengesPageProps {
  /** The list's page, search, sort and tab; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/**
 * 'Challenges' of the Location, Employer and Association environments: the challenges of the session's
 * owner (`challengeOwnerOf`), switched on and off in the list, made and changed in the challenge modal.
 */
export function ChallengesPage({ state, onStateChange }: ChallengesPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('challenge.title')} · ${t('shell.productName')}`);
  const owner = challengeOwnerOf(useRequiredClaims());
  // Paging or re-sorting keeps the counts of the search and tab (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useChallenges(state, counts.countsQuery);
  const data = counts.withCounts(query.data, query.isPlaceholderData);
  const remove = useDeleteChallenge();
  const confirm = useConfirm();
  // The modal keeps its challenge while it closes, so its content does not change during the transition.
  const [modal, setModal] = useState<{ opened: boolean; id?: number }>({ opened: false });
  const add = () => setModal({ opened: true });
  const edit = (challenge: Challenge) => setModal({ opened: true, id: challenge.id });
  const askDelete = (challenge: Challenge) => {
    const name = challenge.challengeTemplatePlainModel.name;
    void confirm({
      title: 'challenge.delete.title',
      message: t('challenge.delete.message', { name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: challenge.id } });
          counts.forget();
          showSuccess(t('challenge.delete.done', { name }));
        } catch (error) {
          showFailure(error, 'challenge.delete.failed');
          // It may be gone already (deleted elsewhere): show the list as it is now.
          void query.refetch();
        }
      },
    });
  };

  const rowActions: RowAction<Challenge>[] = [
    { label: 'actions.edit', icon: <IconPencil size={18} aria-hidden />, onClick: edit },
    { label: 'actions.delete', icon: <IconTrash size={18} aria-hidden />, color: 'red', onClick: askDelete },
  ];

  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
      {t('challenge.list.add')}
    </Button>
  );
  // Nothing yet at all (not just nothing for this search or tab): say how to start.
  const hasNone = data !== undefined && !state.search && (data.tabCounts?.all ?? data.total) === 0;

  return (
    <>
      <PageHeader
        title="challenge.title"
        subtitle={t(`challenge.list.subtitle.${owner?.kind ?? 'location'}`)}
      />
      {query.isError ? (
        <ErrorState message="challenge.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : hasNone ? (
        <EmptyState
          title="challenge.list.emptyTitle"
          message="challenge.list.emptyMessage"
          action={addButton}
        />
      ) : (
        <TabCountsChanged value={counts.forget}>
          <GenericList
            label="challenge.title"
            columns={columns}
            data={data}
            isLoading={query.isPending}
            state={state}
            onStateChange={onStateChange}
            getRowLabel={(challenge) => challenge.challengeTemplatePlainModel.name}
            onRowClick={edit}
            rowActions={rowActions}
            tabs={tabs}
            searchPlaceholder="challenge.list.searchPlaceholder"
            onAdd={add}
            addLabel="challenge.list.add"
            exportRows={{ fileName: 'challenge.title', fetchPage: fetchChallenges }}
          />
        </TabCountsChanged>
      )}
      <ChallengeModal
        opened={modal.opened}
        challengeId={modal.id}
        onCreated={counts.forget}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
