import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayReadInside } from '@/features/entry/access';
import { InsideList } from '@/features/entry/inside-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Binnen': who is inside the active location now; page, search and sort in the URL. */
export const Route = createFileRoute('/_app/location/insideMembers')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(mayReadInside),
  component: InsideMembersPage,
});

function InsideMembersPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InsideList state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />;
}
