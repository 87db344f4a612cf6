import { Badge, Button, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconCircleCheck,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
} from '@tabler/icons-react';
import type { SubscriptionListItem } from '@xp/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useOpenedOnce } from '@/ui/lazy-modal';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { fetchSubscriptions, type SubscriptionTab, useSubscriptions } from './api';
import { formatEuro } from './format';
import { useConfirmSetActive } from './set-active';
import { TypeBadge } from './type-badge';

// The groups' management (and its form code) loads when first opened, not with the list.
const GroupsModal = lazy(() => import('./groups-modal').then((module) => ({ default: module.GroupsModal })));

const columns: ListColumn<SubscriptionListItem>[] = [
  {
    id: 'name',
    header: 'subscription.fields.name',
    sortField: 'name',
    cell: (item) => (
      <Text size="sm" fw={600}>
        {item.name}
      </Text>
    ),
    exportValue: (item) => item.name,
  },
  {
    id: 'type',
    header: 'subscription.fields.type',
    sortField: 'type',
    // Room for the badge's whole word on a narrow screen.
    width: 140,
    cell: (item) => <TypeBadge type={item.type} />,
    exportValue: (item, { t }) => t(`subscription.type.${item.type}`),
  },
  {
    id: 'variants',
    header: 'subscription.list.variants',
    align: 'right',
    cell: (item) => <Text size="sm">{item.variantCount}</Text>,
    exportValue: (item) => item.variantCount,
  },
  {
    id: 'locations',
    header: 'subscription.list.locations',
    align: 'right',
    cell: (item) => <Text size="sm">{item.locationCount}</Text>,
    exportValue: (item) => item.locationCount,
  },
  {
    id: 'lowestPrice',
    header: 'subscription.list.lowestPrice',
    align: 'right',
    cell: (item) => <LowestPrice cents={item.lowestPricePerPeriod} />,
    exportValue: (item) => (item.lowestPricePerPeriod === null ? null : item.lowestPricePerPeriod / 100),
  },
  {
    id: 'order',
    header: 'subscription.fields.order',
    sortField: 'order',
    align: 'right',
    cell: (item) => <Text size="sm">{item.order}</Text>,
    exportValue: (item) => item.order,
  },
];

/** '€ 49,00' incl. VAT, or a dash without variants. */
function LowestPrice({ cents }: { cents: number | null }) {
  const { t } = useTranslation();
  if (cents === null) {
    return (
      <Text size="sm" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('subscription.list.noPrice')}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatEuro(cents)}
    </Text>
  );
}

interface SubscriptionListProps {
  /** Active (`/subscriptions`) or inactive (`/subscriptions/inactive`). */
  tab: SubscriptionTab;
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** The other tab: its route, with the same search. */
  onTabChange: (tab: SubscriptionTab) => void;
  onOpen: (item: SubscriptionListItem) => void;
  onAdd: () => void;
}

/**
 * 'Abonnementen' of the active gym: the active and the inactive ones as two tabs with their counts, each a
 * route of its own; activated and deactivated from a row (after a confirmation), opened by a click.
 */
export function SubscriptionList({
  tab,
  state,
  onStateChange,
  onTabChange,
  onOpen,
  onAdd,
}: SubscriptionListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('subscription.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the counts of the search (asked with `counts=false`); each tab its own.
  const counts = useListCounts(state, tab);
  const query = useSubscriptions(tab, state, counts.countsQuery);
  const data = counts.withCounts(query.data, query.isPlaceholderData);
  const [isManagingGroups, setManagingGroups] = useState(false);
  const isGroupsMounted = useOpenedOnce(isManagingGroups);
  const confirmSetActive = useConfirmSetActive({ onChanged: counts.forget });

  const rowActions: RowAction<SubscriptionListItem>[] =
    tab === 'active'
      ? [
          {
            label: 'subscription.deactivate.action',
            icon: <IconPlayerPause size={18} aria-hidden />,
            onClick: (item) => confirmSetActive(item, false),
          },
        ]
      : [
          {
            label: 'subscription.activate.action',
            icon: <IconPlayerPlay size={18} aria-hidden />,
            color: 'green',
            onClick: (item) => confirmSetActive(item, true),
          },
        ];

  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
      {t('subscription.list.add')}
    </Button>
  );
  // Nothing yet at all (not just nothing for this search or tab): say how to start.
  const hasNone = data !== undefined && !state.search && data.tabCounts?.all === 0;
  const countOf = (value: SubscriptionTab) => data?.tabCounts?.[value];

  return (
    <>
      <PageHeader
        title="subscription.title"
        subtitle={t('subscription.list.subtitle')}
        actions={
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            onClick={() => setManagingGroups(true)}
          >
            {t('subscription.groups.open')}
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) => value && value !== tab && onTabChange(value as SubscriptionTab)}
        mb="lg"
      >
        <Tabs.List aria-label={t('subscription.tabs.label')}>
          {(['active', 'inactive'] as const).map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={
                value === 'active' ? (
                  <IconCircleCheck size={16} aria-hidden />
                ) : (
                  <IconPlayerPause size={16} aria-hidden />
                )
              }
              rightSection={
                countOf(value) !== undefined ? (
                  <Badge size="sm" variant="light" circle={(countOf(value) ?? 0) < 10}>
                    {countOf(value)}
                  </Badge>
                ) : undefined
              }
            >
              {t(`subscription.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {query.isError ? (
        <ErrorState message="subscription.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : hasNone ? (
        <EmptyState
          title="subscription.list.emptyTitle"
          message="subscription.list.emptyMessage"
          action={addButton}
        />
      ) : (
        <GenericList
          label={t(`subscription.list.label.${tab}`)}
          columns={columns}
          data={data}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(item) => item.name}
          onRowClick={onOpen}
          rowActions={rowActions}
          searchPlaceholder="subscription.list.searchPlaceholder"
          onAdd={onAdd}
          addLabel="subscription.list.add"
          exportRows={{
            fileName: `subscription.list.file.${tab}`,
            fetchPage: (page) => fetchSubscriptions(tab, page),
          }}
        />
      )}
      {isGroupsMounted && (
        <Suspense fallback={null}>
          <GroupsModal opened={isManagingGroups} onClose={() => setManagingGroups(false)} />
        </Suspense>
      )}
    </>
  );
}
