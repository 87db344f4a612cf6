import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { useRequiredClaims } from '@/app/session';
import { mayManageLocationEmployees } from '@/features/employee/access';
import { LocationEmployeeDetailPage } from '@/features/employee/location-employee-detail';
import { ErrorState } from '@/ui/states';

/** One employee of the active location. */
export const Route = createFileRoute('/_app/location/employees/$employeeId')({
  beforeLoad: requireAccess(mayManageLocationEmployees),
  component: LocationEmployeePage,
});

function LocationEmployeePage() {
  const { employeeId } = Route.useParams();
  const claims = useRequiredClaims();
  if (claims.activeLocationId === null) return <ErrorState message="location.errors.noActiveLocation" />;
  return (
    <LocationEmployeeDetailPage
      key={`${claims.activeLocationId}:${employeeId}`}
      locationId={claims.activeLocationId}
      employeeId={Number(employeeId)}
    />
  );
}
