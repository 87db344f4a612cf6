import { Button, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileImport, IconUserPlus, IconUserQuestion } from '@tabler/icons-react';
import type { MemberListItem } from '@xp/contracts';
import { memberTabs } from '@xp/contracts/list-constants';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { FilterSelect } from '@/ui/filter-select';
import { GenericList, type ListColumn, type ListTab } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { mayReadDebtors, mayReadSubscriptions } from './access';
import { emailColumn, nameColumn } from './columns';
import { DebtorList, withTabCount } from './debtor-list';
import {
  fetchMembers,
  useDebtorCount,
  useGymLocations,
  useMembers,
  useSubscriptionChoices,
} from './list-api';
import { DEBT_TAB, type MemberListState, type MemberTab } from './search';
import { MemberStatusBadge } from './status-badge';

const MemberImportModal = lazy(() =>
  import('./member-import').then((module) => ({ default: module.MemberImportModal })),
);

/** The environment a member screen works in: the whole gym, or the active location. */
export type MemberScope = 'gym' | 'location';

const statusTabs: ListTab[] = memberTabs.map((value) => ({ value, label: `member.tabs.${value}` }));
/** With 'Achterstand' for who may read the invoices (the members in debt are read from them). */
const withDebtTab: ListTab[] = [...statusTabs, { value: DEBT_TAB, label: `member.tabs.${DEBT_TAB}` }];

const columns: ListColumn<MemberListItem>[] = [
  nameColumn(),
  emailColumn(),
  {
    id: 'postalCode',
    header: 'member.fields.postalCode',
    sortField: 'postalCode',
    cell: (item) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {[item.postalCode, item.city].filter(Boolean).join(' ')}
      </Text>
    ),
    exportValue: (item) => item.postalCode,
  },
  {
    id: 'subscriptions',
    header: 'member.fields.subscriptions',
    cell: (item) => <Subscriptions names={item.subscriptions} />,
    exportValue: (item) => item.subscriptions.join(', '),
  },
  {
    id: 'status',
    header: 'member.fields.status',
    sortField: 'status',
    width: 130,
    cell: (item) => <MemberStatusBadge status={item.status} />,
    exportValue: (item, { t }) => t(`member.status.${item.status}`),
  },
  {
    id: 'lastEntry',
    header: 'member.fields.lastEntry',
    sortField: 'lastEntry',
    width: 150,
    cell: (item) => <LastEntry at={item.lastEntryAt} />,
    exportValue: (item) => formatDate(item.lastEntryAt),
  },
  {
    id: 'createdAt',
    header: 'member.fields.createdAt',
    sortField: 'createdAt',
    width: 120,
    cell: (item) => <Text size="sm">{formatDate(item.createdAt)}</Text>,
    exportValue: (item) => formatDate(item.createdAt),
  },
];

function Subscriptions({ names }: { names: string[] }) {
  const { t } = useTranslation();
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('member.list.noSubscription')}
      </Text>
    );
  }
  return <Text size="sm">{names.join(', ')}</Text>;
}

function LastEntry({ at }: { at: string | null }) {
  const { t } = useTranslation();
  return at ? (
    <Text size="sm">{formatDate(at)}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t('member.list.neverVisited')}
    </Text>
  );
}

interface MemberListProps {
  scope: MemberScope;
  /** Tab, filters, page, search and sort; the route keeps them in the URL. */
  state: MemberListState;
  onStateChange: (state: MemberListState) => void;
  /** A row of a status tab gives its item, a member in debt `{ id }`. */
  onOpen: (member: { id: number }) => void;
  onAdd: () => void;
  onOpenRegistrations: () => void;
}

/**
 * 'Leden' of the active gym (`/members`) or location (`/location/members`): a tab per status with its count,
 * search on name, e-mail and postal code, filters on subscription and (gym) location, CSV export; and, for who
 * may read the invoices, the tab 'Achterstand' of the members in debt (decision 017).
 */
export function MemberList({
  scope,
  state: urlState,
  onStateChange,
  onOpen,
  onAdd,
  onOpenRegistrations,
}: MemberListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('member.title')} · ${t('shell.productName')}`);
  const claims = useRequiredClaims();
  const canReadDebtors = mayReadDebtors(claims);
  // Without the right, a link to the debt tab shows all members.
  const state = urlState.tab === DEBT_TAB && !canReadDebtors ? { ...urlState, tab: undefined } : urlState;
  const tabs = canReadDebtors ? withDebtTab : statusTabs;
  const [isImporting, setImporting] = useState(false);

  return (
    <>
      <PageHeader
        title="member.title"
        subtitle={t(scope === 'gym' ? 'member.list.subtitle' : 'member.list.locationSubtitle')}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {t('member.import.action')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconUserQuestion size={16} aria-hidden />}
              onClick={onOpenRegistrations}
            >
              {t('member.list.openRegistrations')}
            </Button>
          </Group>
        }
      />
      {isImporting && (
        <Suspense fallback={null}>
          <MemberImportModal opened onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {state.tab === DEBT_TAB ? (
        <DebtorList
          withLocation={scope === 'gym'}
          tabs={tabs}
          state={state}
          onStateChange={onStateChange}
          onOpen={onOpen}
        />
      ) : (
        <MemberRows
          scope={scope}
          tabs={tabs}
          withDebtCount={canReadDebtors}
          state={state}
          onStateChange={onStateChange}
          onOpen={onOpen}
          onAdd={onAdd}
        />
      )}
    </>
  );
}

interface MemberRowsProps extends Pick<MemberListProps, 'scope' | 'state' | 'onStateChange' | 'onAdd'> {
  tabs: readonly ListTab[];
  /** The debt tab shows: its badge counts the members in debt of the same search. */
  withDebtCount: boolean;
  onOpen: (item: MemberListItem) => void;
}

/** The status tabs' list: the members of a status, with the filters on subscription and (gym) location. */
function MemberRows({ scope, tabs, withDebtCount, state, onStateChange, onOpen, onAdd }: MemberRowsProps) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const withLocation = scope === 'gym';
  const counts = useListCounts(state, scope);
  const query = useMembers(state, withLocation, counts.countsQuery);
  const debtCount = useDebtorCount(state.search, withDebtCount);
  const members = counts.withCounts(query.data, query.isPlaceholderData);
  const data = useMemo(
    () => (withDebtCount ? withTabCount(members, DEBT_TAB, debtCount.data) : members),
    [members, withDebtCount, debtCount.data],
  );
  const canFilterSubscriptions = mayReadSubscriptions(claims);
  const subscriptions = useSubscriptionChoices(canFilterSubscriptions);
  const locations = useGymLocations(withLocation);
  const tab = (state.tab ?? 'all') as MemberTab;

  const hasFilter = state.subscriptionId !== undefined || (withLocation && state.locationId !== undefined);
  // Nothing yet at all (not just nothing for this search, tab or filter): say how to start.
  const hasNone = data !== undefined && !state.search && !hasFilter && data.tabCounts?.all === 0;
  const addButton = (
    <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onAdd}>
      {t('member.list.add')}
    </Button>
  );
  const filter = (patch: Partial<MemberListState>) => {
    const next: MemberListState = { ...state, ...patch, page: 1 };
    for (const key of ['subscriptionId', 'locationId'] as const)
      if (next[key] === undefined) delete next[key];
    onStateChange(next);
  };

  const toolbar = (
    <Group gap="sm">
      {canFilterSubscriptions && (
        <FilterSelect
          aria-label={t('member.list.filters.subscription')}
          placeholder={t('member.list.filters.allSubscriptions')}
          data={(subscriptions.data?.items ?? []).map((item) => ({
            value: String(item.id),
            label: item.name,
          }))}
          value={state.subscriptionId === undefined ? null : String(state.subscriptionId)}
          onChange={(value) => filter({ subscriptionId: value ? Number(value) : undefined })}
          clearLabel={t('member.form.clear')}
          w={220}
        />
      )}
      {withLocation && (
        <FilterSelect
          aria-label={t('member.list.filters.location')}
          placeholder={t('member.list.filters.allLocations')}
          data={(locations.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
          value={state.locationId === undefined ? null : String(state.locationId)}
          onChange={(value) => filter({ locationId: value ? Number(value) : undefined })}
          clearLabel={t('member.form.clear')}
          w={220}
        />
      )}
    </Group>
  );

  if (query.isError) {
    return <ErrorState message="member.list.fetchFailed" onRetry={() => void query.refetch()} />;
  }
  if (hasNone) {
    return (
      <EmptyState title="member.list.emptyTitle" message="member.list.emptyMessage" action={addButton} />
    );
  }
  return (
    <GenericList
      label={`member.list.label.${tab}`}
      columns={columns}
      data={data}
      isLoading={query.isPending}
      state={state}
      onStateChange={(next) => onStateChange({ ...state, ...next })}
      getRowLabel={(item) => item.fullName}
      onRowClick={onOpen}
      tabs={tabs}
      searchPlaceholder="member.list.searchPlaceholder"
      onAdd={onAdd}
      addLabel="member.list.add"
      toolbar={toolbar}
      exportRows={{
        fileName: `member.list.file.${tab}`,
        fetchPage: (page) => fetchMembers({ ...state, ...page }, withLocation),
      }}
    />
  );
}
