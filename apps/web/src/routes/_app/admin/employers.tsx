import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { EmployerList } from '@/features/employer/employer-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Werkgevers': tab, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/employers')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: EmployersPage,
});

function EmployersPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <EmployerList state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />;
}
