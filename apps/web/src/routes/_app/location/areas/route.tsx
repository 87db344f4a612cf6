import { createFileRoute, Outlet, stripSearchParams } from '@tanstack/react-router';
import type { LocationArea } from '@xp/contracts';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { requireAccess } from '@/app/route-access';
import { LocationAreaList } from '@/features/location-area/location-area-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Zalen en buitenlocaties' of the active location; page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/location/areas')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(policies.locationAreaList),
  component: LocationAreasPage,
});

function LocationAreasPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const onStateChange = (next: ListState) => void navigate({ search: next });
  // The edit panel opens over the list, which keeps its page, search and sort.
  const onOpen = (area: LocationArea) =>
    void navigate({
      to: '/location/areas/$locationAreaId',
      params: { locationAreaId: String(area.id) },
      search: (previous) => previous,
    });
  return (
    <>
      <LocationAreaList state={state} onStateChange={onStateChange} onOpen={onOpen} />
      <Outlet />
    </>
  );
}
