import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { GymList } from '@/features/gym/gym-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Sportscholen': page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/gyms')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: GymsPage,
});

function GymsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <GymList state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />;
}
