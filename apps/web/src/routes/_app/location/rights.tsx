import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { requireAccess } from '@/app/route-access';
import { LocationRightsMatrix } from '@/features/rights/location-rights-matrix';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Rechten': who may do what at the active location. */
export const Route = createFileRoute('/_app/location/rights')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(policies.rightsLocationMatrix),
  component: LocationRightsPage,
});

function LocationRightsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LocationRightsMatrix
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpen={(row) =>
        void navigate({
          to: '/location/employees/$employeeId/rights',
          params: { employeeId: String(row.employeeId) },
        })
      }
    />
  );
}
