import { Badge, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import type { LocationDetail, LocationSummary } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { fetchLocations, useLocations } from './api';
import { AddLocationPanel } from './location-form';

/** 'Oudegracht 120, 3511 AZ Utrecht' */
export const addressOf = (
  location: Pick<LocationSummary, 'street' | 'houseNumber' | 'postalCode' | 'city'>,
) =>
  [
    [location.street, location.houseNumber].filter(Boolean).join(' '),
    [location.postalCode, location.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');

function VisibilityBadge({ location }: { location: LocationSummary }) {
  const { t } = useTranslation();
  return location.visibleOnRegistrationPage ? (
    <Badge color="teal" variant="light">
      {t('location.list.visible')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {t('location.list.hidden')}
    </Badge>
  );
}

const columns: ListColumn<LocationSummary>[] = [
  {
    id: 'name',
    header: 'location.fields.name',
    sortField: 'name',
    width: '30%',
    exportValue: (location) => location.name,
    cell: (location) => (
      <Text size="sm" fw={600}>
        {location.name}
      </Text>
    ),
  },
  {
    id: 'address',
    header: 'location.fields.address',
    sortField: 'city',
    cell: (location) => <Text size="sm">{addressOf(location)}</Text>,
    exportValue: addressOf,
  },
  {
    id: 'postalCode',
    header: 'location.fields.postalCode',
    sortField: 'postalCode',
    width: 120,
    cell: (location) => <Text size="sm">{location.postalCode}</Text>,
    exportValue: (location) => location.postalCode,
  },
  {
    id: 'visible',
    header: 'location.list.registrationPage',
    width: 180,
    cell: (location) => <VisibilityBadge location={location} />,
    exportValue: (location, { t }) =>
      t(location.visibleOnRegistrationPage ? 'location.list.visible' : 'location.list.hidden'),
  },
];

interface LocationListProps {
  state: ListState;
  onStateChange: (state: ListState) => void;
  onOpen: (location: { id: number }) => void;
}

/** 'Locaties': the locations of the active gym. */
export function LocationList({ state, onStateChange, onOpen }: LocationListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('location.title')} · ${t('shell.productName')}`);
  const claims = useRequiredClaims();
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useLocations(state, counts.countsQuery);
  const [isAdding, setAdding] = useState(false);
  const mayAdd = allows(policies.locationCreate, claims);

  const rowActions: RowAction<LocationSummary>[] = [
    { label: 'location.list.open', icon: <IconChevronRight size={18} aria-hidden />, onClick: onOpen },
  ];

  return (
    <>
      <PageHeader title="location.title" subtitle={t('location.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="location.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="location.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(location) => location.name}
          onRowClick={onOpen}
          rowActions={rowActions}
          searchPlaceholder="location.list.searchPlaceholder"
          exportRows={{ fileName: 'location.title', fetchPage: fetchLocations }}
          onAdd={mayAdd ? () => setAdding(true) : undefined}
        />
      )}
      {mayAdd && (
        <AddLocationPanel
          opened={isAdding}
          onClose={() => setAdding(false)}
          onCreated={(created: LocationDetail) => {
            setAdding(false);
            onOpen(created);
          }}
        />
      )}
    </>
  );
}
