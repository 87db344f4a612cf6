import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SupplierProductOrdersPage } from '@/features/product-order/pages';
import {
  defaultProductOrderListState,
  type ProductOrderListState,
  parseProductOrderSearch,
} from '@/features/product-order/search';
import { defined } from '@/ui/list-search';

/** 'Bestellingen' of the supplier (the Supplier environment's route tree admits who may use it). */
export const Route = createFileRoute('/_app/supplier/productOrders')({
  validateSearch: parseProductOrderSearch,
  search: { middlewares: [stripSearchParams(defaultProductOrderListState)] },
  component: SupplierProductOrdersRoute,
});

function SupplierProductOrdersRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SupplierProductOrdersPage
      state={state}
      onStateChange={(next: ProductOrderListState) => void navigate({ search: defined(next) })}
    />
  );
}
