import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AssociationLocationList } from '@/features/association/association-locations';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Locaties' of the active association; page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/association/locations')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  component: AssociationLocationsPage,
});

function AssociationLocationsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AssociationLocationList
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
    />
  );
}
