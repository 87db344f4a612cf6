import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageEmployerEmployees } from '@/features/employer-employee/access';
import { EmployerEmployeeList } from '@/features/employer-employee/employer-employee-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Medewerkers' of the active employer, with the 'Uitnodigingen' tab; page, search, sort and tab in the URL. */
export const Route = createFileRoute('/_app/employer/employees')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(mayManageEmployerEmployees),
  component: EmployerEmployeesPage,
});

function EmployerEmployeesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EmployerEmployeeList
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
    />
  );
}
