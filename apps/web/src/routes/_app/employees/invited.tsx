import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { mayManageGymEmployees } from '@/features/employee/access';
import { EmployeeInvitations } from '@/features/employee/employee-invitations';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Uitgenodigde medewerkers' of the active gym; page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/employees/invited')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(mayManageGymEmployees)(input);
  },
  component: InvitedEmployeesPage,
});

function InvitedEmployeesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EmployeeInvitations state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />
  );
}
