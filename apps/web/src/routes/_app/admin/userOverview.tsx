import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { UserList } from '@/features/users/user-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Gebruikers': role tab, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/userOverview')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: UserOverviewPage,
});

function UserOverviewPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UserList state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />;
}
