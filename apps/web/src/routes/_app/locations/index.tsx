import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireEnvironment } from '@/app/route-access';
import { LocationList } from '@/features/location/location-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Locaties' of the active gym, open to everyone in the gym environment; page, search and sort in the URL. */
export const Route = createFileRoute('/_app/locations/')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireEnvironment(Environment.Gym),
  component: LocationsPage,
});

function LocationsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LocationList
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpen={(location) =>
        void navigate({ to: '/locations/$locationId/general', params: { locationId: String(location.id) } })
      }
    />
  );
}
