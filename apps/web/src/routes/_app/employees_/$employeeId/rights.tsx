import { createFileRoute } from '@tanstack/react-router';
import { hasGymRight } from '@xp/contracts/claims';
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
    requireAccess(
      (claims) => hasGymRight(claims, 'ManageGymRights') || hasGymRight(claims, 'ManageLocationRights'),
    )(input);
  },
  component: EmployeeRights,
});

function EmployeeRights() {
  const { employeeId } = Route.useParams();
  return <EmployeeRightsPage key={employeeId} employeeId={Number(employeeId)} />;
}
