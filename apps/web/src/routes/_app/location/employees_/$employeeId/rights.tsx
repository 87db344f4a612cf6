import { createFileRoute } from '@tanstack/react-router';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { requireAccess } from '@/app/route-access';
import { LocationEmployeeRightsPage } from '@/features/rights/location-employee-rights-page';

/**
 * 'Rechten' of an employee at the active location. Not nested in the location's employee screens
 * (`employees_`), so it shows on its own whatever those screens render.
 */
export const Route = createFileRoute('/_app/location/employees_/$employeeId/rights')({
  beforeLoad: requireAccess(policies.rightsGetLocationEmployee),
  component: LocationEmployeeRights,
});

function LocationEmployeeRights() {
  const { employeeId } = Route.useParams();
  return <LocationEmployeeRightsPage key={employeeId} employeeId={Number(employeeId)} />;
}
