import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { useRequiredClaims } from '@/app/session';
import { mayManageLocationEmployees } from '@/features/employee/access';
import { LocationEmployeeList } from '@/features/employee/location-employee-list';
import { useLocation } from '@/features/location/api';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';
import { ErrorState, LoadingState } from '@/ui/states';

/** 'Medewerkers' of the active location; page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/location/employees/')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(mayManageLocationEmployees),
  component: LocationEmployeesPage,
});

function LocationEmployeesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const claims = useRequiredClaims();
  const location = useLocation(claims.activeLocationId);
  if (claims.activeLocationId === null) return <ErrorState message="location.errors.noActiveLocation" />;
  if (location.isError) {
    return <ErrorState message="location.detail.fetchFailed" onRetry={() => void location.refetch()} />;
  }
  if (!location.data) return <LoadingState />;
  return (
    <LocationEmployeeList
      variant="page"
      location={location.data}
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpen={(employee) =>
        void navigate({
          to: '/location/employees/$employeeId',
          params: { employeeId: String(employee.employeeId) },
        })
      }
    />
  );
}
