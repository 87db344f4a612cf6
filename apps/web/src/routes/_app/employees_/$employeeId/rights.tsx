import { createFileRoute } from '@tanstack/react-router';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { EmployeeRightsPage } from '@/features/rights/employee-rights-page';

/**
 * 'Rechten' of an employee of the active gym. Not nested in the employee screens (`employees_`), so it
 * shows on its own whatever those screens render.
 */
export const Route = createFileRoute('/_app/employees_/$employeeId/rights')({
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(policies.rightsGetGymEmployee)(input);
  },
  component: EmployeeRights,
});

function EmployeeRights() {
  const { employeeId } = Route.useParams();
  return <EmployeeRightsPage key={employeeId} employeeId={Number(employeeId)} />;
}
