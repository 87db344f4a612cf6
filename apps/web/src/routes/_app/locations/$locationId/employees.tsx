import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { canManageLocationEmployees } from '@xp/contracts/claims';
import { useRequiredClaims } from '@/app/session';
import { mayManageGymEmployees } from '@/features/employee/access';
import { LocationEmployeeList } from '@/features/employee/location-employee-list';
import { useLocation } from '@/features/location/api';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';
import { ErrorState, LoadingState } from '@/ui/states';

/** 'Medewerkers' of a location of the active gym (a tab of the location); page, search and sort in the URL. */
export const Route = createFileRoute('/_app/locations/$locationId/employees')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  component: Tab,
});

function Tab() {
  const { locationId } = Route.useParams();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const claims = useRequiredClaims();
  const location = useLocation(Number(locationId));
  if (location.isError) {
    return <ErrorState message="location.detail.fetchFailed" onRetry={() => void location.refetch()} />;
  }
  if (!location.data) return <LoadingState />;
  // The rule of this location (its gym's ManageMembers or its ManageEmployees), which the service asks too:
  // the endpoint's policy admits every employee, so `allows` cannot tell.
  if (!canManageLocationEmployees(claims, location.data)) return <ErrorState message="auth.forbidden" />;
  return (
    <LocationEmployeeList
      key={location.data.id}
      variant="tab"
      location={location.data}
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      // The gym's employee screen needs ManageMembers; with only the location right there is none.
      onOpen={
        mayManageGymEmployees(claims)
          ? (employee) =>
              void navigate({
                to: '/employees/$employeeId',
                params: { employeeId: String(employee.employeeId) },
              })
          : undefined
      }
    />
  );
}
