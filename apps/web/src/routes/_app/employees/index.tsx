import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { mayManageGymEmployees } from '@/features/employee/access';
import { GymEmployeeList } from '@/features/employee/gym-employee-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Medewerkers' of the active gym; page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/employees/')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(mayManageGymEmployees)(input);
  },
  component: EmployeesPage,
});

function EmployeesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GymEmployeeList
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpen={(employee) =>
        void navigate({ to: '/employees/$employeeId', params: { employeeId: String(employee.employeeId) } })
      }
    />
  );
}
