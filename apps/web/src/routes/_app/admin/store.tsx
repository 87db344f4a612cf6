import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { defaultStoreState, parseStoreSearch, type StoreState } from '@/features/store/search';
import { StorePage } from '@/features/store/store-page';

/** 'Winkel' (admin): products and orders; view, owner, tab, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/store')({
  validateSearch: parseStoreSearch,
  search: { middlewares: [stripSearchParams(defaultStoreState)] },
  beforeLoad: requireAccess(isAdmin),
  component: StoreRoute,
});

function StoreRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StorePage state={state} onStateChange={(next: StoreState) => void navigate({ search: next })} />;
}
