import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageShop } from '@/features/store/access';
import { ShopOrdersPage } from '@/features/store/shop-page';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Bestellingen' of the employer's shop: status tab, page and search in the URL. */
export const Route = createFileRoute('/_app/employer/shop/order')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(mayManageShop),
  component: ShopOrdersRoute,
});

function ShopOrdersRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ShopOrdersPage state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />
  );
}
