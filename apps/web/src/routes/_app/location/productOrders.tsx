import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayOrderProducts } from '@/features/product-order/access';
import { LocationProductOrdersPage } from '@/features/product-order/pages';
import {
  defaultProductOrderListState,
  type ProductOrderListState,
  parseProductOrderSearch,
} from '@/features/product-order/search';
import { defined } from '@/ui/list-search';

/** 'Productbestellingen' of the active location (the API's location right ManageMemberships); state in the URL. */
export const Route = createFileRoute('/_app/location/productOrders')({
  validateSearch: parseProductOrderSearch,
  search: { middlewares: [stripSearchParams(defaultProductOrderListState)] },
  beforeLoad: requireAccess(mayOrderProducts),
  component: LocationProductOrdersRoute,
});

function LocationProductOrdersRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LocationProductOrdersPage
      state={state}
      onStateChange={(next: ProductOrderListState) => void navigate({ search: defined(next) })}
    />
  );
}
