import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageShop } from '@/features/store/access';
import { parseShopSearch, type ShopState } from '@/features/store/search';
import { ShopPage } from '@/features/store/shop-page';
import { defaultListState } from '@/ui/list-search';

/** 'Winkel' of the active employer: the platform's items and its own; filters in the URL. */
export const Route = createFileRoute('/_app/employer/shop/')({
  validateSearch: parseShopSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(mayManageShop),
  component: ShopRoute,
});

function ShopRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ShopPage state={state} onStateChange={(next: ShopState) => void navigate({ search: next })} />;
}
