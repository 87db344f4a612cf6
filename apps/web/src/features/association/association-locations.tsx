import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { GenericList } from '@/ui/generic-list';
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
  const query = useActiveAssociationLocations(state, hasAssociation);

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
          data={query.data}
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
