import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { AdminList } from '@/features/users/admin-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Beheerders': page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/admins/')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: AdminsPage,
});

function AdminsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminList state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />;
}
