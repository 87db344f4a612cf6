import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { CommissionList } from '@/features/fitness-product/commission-list';
import { defaultListState, parseListSearch } from '@/ui/list-search';

/** 'Commissie bepaalde producten' (admin): tab Awaiting / Accepted / Denied, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/admin/commissionDeterminedOverview')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: CommissionsRoute,
});

function CommissionsRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CommissionList state={state} onStateChange={(search) => void navigate({ search })} />;
}
