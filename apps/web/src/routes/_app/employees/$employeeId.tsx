import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { mayManageGymEmployees } from '@/features/employee/access';
import { GymEmployeeDetailPage } from '@/features/employee/gym-employee-detail';

/** One employee of the active gym. */
export const Route = createFileRoute('/_app/employees/$employeeId')({
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(mayManageGymEmployees)(input);
  },
  component: EmployeePage,
});

function EmployeePage() {
  const { employeeId } = Route.useParams();
  return <GymEmployeeDetailPage key={employeeId} employeeId={Number(employeeId)} />;
}
