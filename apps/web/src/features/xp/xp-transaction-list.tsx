import { Badge, Button, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAdjustments, IconGift } from '@tabler/icons-react';
import type { XpParty, XpTransaction } from '@xp/contracts';
import { formatMoment } from '@xp/contracts/dutch-time';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { GenericList, type ListColumn, type ListTab } from '@/ui/generic-list';
import { useOpenedOnce } from '@/ui/lazy-modal';
import { useListCounts } from '@/ui/list-counts';
import { formatXp } from '@/ui/money';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import {
  fetchAdminXpTransactions,
  fetchEmployerXpTransactions,
  useXpTransactions,
  type XpScope,
} from './api';
import { XpListFilters } from './list-filters';
import { type XpTransactionListState, xpKinds } from './search';

// The forms load when first opened, not with the list.
const GrantXpModal = lazy(() =>
  import('./grant-xp-modal').then((module) => ({ default: module.GrantXpModal })),
);
const CorrectionModal = lazy(() =>
  import('./correction-modal').then((module) => ({ default: module.CorrectionModal })),
);

const tabs: ListTab[] = [
  { value: 'all', label: 'xp.transactions.tabs.all' },
  ...xpKinds.map((kind) => ({ value: kind, label: `xp.kind.${kind}` })),
];

/** The platform's accounts have no name of their own: 'Platform' (issuance) and 'Winkel' (the store). */
export function partyName(t: TFunction, party: XpParty): string {
  if (party.kind === 'issuance' || party.kind === 'store') return t(`xp.party.${party.kind}`);
  return party.name;
}

/** 'DD-MM-YYYY HH:mm' in the browser's time. */

/** As the employer sees it: what left its balance is negative (the API's amounts are positive, sender to recipient). */
const signedAmount = (transaction: XpTransaction, employerId: number | null) =>
  employerId !== null && transaction.sender.kind === 'employer' && transaction.sender.id === employerId
    ? -Math.abs(transaction.amountOfXp)
    : transaction.amountOfXp;

const KIND_COLORS: Record<XpTransaction['kind'], string> = {
  purchase: 'blue',
  grant: 'teal',
  reward: 'grape',
  redemption: 'orange',
  refund: 'cyan',
  correction: 'gray',
};

function columns(t: TFunction, employerId: number | null): ListColumn<XpTransaction>[] {
  return [
    {
      id: 'date',
      header: 'xp.transactions.date',
      sortField: 'date',
      width: 150,
      cell: (row) => <Text size="sm">{formatMoment(row.date)}</Text>,
      exportValue: (row) => formatMoment(row.date),
    },
    {
      id: 'kind',
      header: 'xp.transactions.kind',
      // 'TERUGBETALING' whole.
      width: 165,
      cell: (row) => (
        <Badge component="span" variant="light" color={KIND_COLORS[row.kind]}>
          {t(`xp.kind.${row.kind}`)}
        </Badge>
      ),
      exportValue: (row) => t(`xp.kind.${row.kind}`),
    },
    ...(employerId === null
      ? [
          {
            id: 'employer',
            header: 'xp.transactions.employer',
            cell: (row: XpTransaction) => (
              <Text size="sm" c={row.employerName ? undefined : 'dimmed'}>
                {row.employerName ?? '—'}
              </Text>
            ),
            exportValue: (row: XpTransaction) => row.employerName,
          },
        ]
      : []),
    {
      id: 'sender',
      header: 'xp.transactions.sender',
      cell: (row) => <Text size="sm">{partyName(t, row.sender)}</Text>,
      exportValue: (row) => partyName(t, row.sender),
    },
    {
      id: 'recipient',
      header: 'xp.transactions.recipient',
      cell: (row) => <Text size="sm">{partyName(t, row.recipient)}</Text>,
      exportValue: (row) => partyName(t, row.recipient),
    },
    {
      id: 'amountOfXp',
      header: 'xp.transactions.amount',
      sortField: 'amountOfXp',
      align: 'right',
      width: 130,
      cell: (row) => {
        if (employerId === null)
          return (
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatXp(row.amountOfXp)}
            </Text>
          );
        const amount = signedAmount(row, employerId);
        return (
          <Text size="sm" fw={600} c={amount < 0 ? 'red.8' : 'teal.8'} style={{ whiteSpace: 'nowrap' }}>
            {formatXp(amount, { signed: true })}
          </Text>
        );
      },
      exportValue: (row) => signedAmount(row, employerId),
    },
    {
      id: 'description',
      header: 'xp.transactions.description',
      cell: (row) => (
        <Text size="sm" c={row.description ? undefined : 'dimmed'} lineClamp={2}>
          {row.description ?? '—'}
        </Text>
      ),
      exportValue: (row) => row.description,
    },
  ];
}

interface XpTransactionsPageProps {
  /** The active employer's movements ('XP geven'), or every one's (admin: employer column and filter, 'Correctie'). */
  scope: 'employer' | 'admin';
  state: XpTransactionListState;
  onStateChange: (state: XpTransactionListState) => void;
}

/**
 * 'Transacties' (spec 001 section 3: date, sender, recipient, amountOfXp): a tab per kind with its count,
 * search, a period, CSV export; the employer gives XP to its employees, the admin books corrections.
 */
export function XpTransactionsPage({ scope, state, onStateChange }: XpTransactionsPageProps) {
  const { t } = useTranslation();
  const title = scope === 'admin' ? 'xp.transactions.adminTitle' : 'xp.transactions.title';
  useDocumentTitle(`${t(title)} · ${t('shell.productName')}`);
  const activeEmployerId = useRequiredClaims().activeEmployerId ?? 0;
  const xpScope: XpScope = scope === 'admin' ? { kind: 'admin' } : { kind: 'employer', activeEmployerId };
  const counts = useListCounts(state, scope === 'admin' ? 'admin' : activeEmployerId);
  const query = useXpTransactions(xpScope, state, counts.countsQuery);
  const data = counts.withCounts(query.data, query.isPlaceholderData);
  const [modal, setModal] = useState<'grant' | 'correction' | null>(null);
  const isGrantMounted = useOpenedOnce(modal === 'grant');
  const isCorrectionMounted = useOpenedOnce(modal === 'correction');
  const hasFilter = Boolean(state.search || state.from || state.to || state.employerId);
  const hasNone = data !== undefined && !hasFilter && (data.tabCounts?.all ?? data.total) === 0;

  const action =
    scope === 'admin' ? (
      <Button leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => setModal('correction')}>
        {t('xp.correction.action')}
      </Button>
    ) : (
      <Button leftSection={<IconGift size={16} aria-hidden />} onClick={() => setModal('grant')}>
        {t('xp.grant.action')}
      </Button>
    );

  const toolbar = (
    <XpListFilters
      state={state}
      onStateChange={onStateChange}
      hasEmployerFilter={scope === 'admin'}
    ></XpListFilters>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(scope === 'admin' ? 'xp.transactions.adminSubtitle' : 'xp.transactions.subtitle')}
        actions={action}
      />
      {query.isError ? (
        <ErrorState message="xp.transactions.fetchFailed" onRetry={() => void query.refetch()} />
      ) : hasNone ? (
        <EmptyState
          title="xp.transactions.emptyTitle"
          message={scope === 'admin' ? 'xp.transactions.adminEmptyMessage' : 'xp.transactions.emptyMessage'}
        />
      ) : (
        <GenericList
          label={t(title)}
          // Six or seven columns: on a phone the table scrolls rather than squeezing the kind's badge.
          minTableWidth={scope === 'admin' ? 1000 : 880}
          columns={columns(t, scope === 'admin' ? null : activeEmployerId)}
          data={data}
          isLoading={query.isPending}
          state={{ ...state, tab: state.tab }}
          onStateChange={(next) =>
            onStateChange({ ...state, ...next, tab: next.tab === 'all' ? undefined : next.tab })
          }
          getRowLabel={(row) => `${t(`xp.kind.${row.kind}`)} ${formatMoment(row.date)}`}
          tabs={tabs}
          searchPlaceholder="xp.transactions.searchPlaceholder"
          toolbar={toolbar}
          exportRows={{
            fileName: 'xp.transactions.fileName',
            fetchPage: ({ page, pageSize }) =>
              scope === 'admin'
                ? fetchAdminXpTransactions({ ...state, page, pageSize })
                : fetchEmployerXpTransactions(activeEmployerId, { ...state, page, pageSize }),
          }}
        />
      )}
      <Suspense fallback={null}>
        {isGrantMounted && (
          <GrantXpModal
            activeEmployerId={activeEmployerId}
            opened={modal === 'grant'}
            onClose={() => setModal(null)}
            onDone={counts.forget}
          />
        )}
        {isCorrectionMounted && (
          <CorrectionModal
            opened={modal === 'correction'}
            onClose={() => setModal(null)}
            onDone={counts.forget}
          />
        )}
      </Suspense>
    </>
  );
}
