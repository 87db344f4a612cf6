import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { GenericList } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { useActiveAssociation, useActiveAssociationLocations } from './api';
import { associationLocationColumns } from './association-detail';

interface AssociationLocationsProps {
  /** Page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** 'Locaties' of the association environment: the active association's locations. */
export function AssociationLocationList({ state, onStateChange }: AssociationLocationsProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('association.locations.title')} · ${t('shell.productName')}`);
  const claims = useRequiredClaims();
  const hasAssociation = claims.activeAssociationId !== null;
  const association = useActiveAssociation(hasAssociation);
  // Paging or re-sorting keeps the total of the search (asked with `counts=false`), per association.
  const counts = useListCounts(state, claims.activeAssociationId);
  const query = useActiveAssociationLocations(state, hasAssociation, counts.countsQuery);

  if (!hasAssociation) {
    return (
      <EmptyState
        title="association.dashboard.noAssociationTitle"
        message="association.dashboard.noAssociation"
      />
    );
  }
  const name = association.data?.name;
  return (
    <>
      <PageHeader
        title="association.locations.title"
        subtitle={
          name ? t('association.locations.subtitle', { name }) : t('association.locations.subtitleFallback')
        }
      />
      {query.isError ? (
        <ErrorState
          message={
            query.error.status === 404 ? 'association.errors.notFound' : 'association.locations.fetchFailed'
          }
          onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
        />
      ) : (
        <GenericList
          label="association.locations.title"
          columns={associationLocationColumns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(location) => location.name}
          searchPlaceholder="association.detail.locationsSearch"
        />
      )}
    </>
  );
}
