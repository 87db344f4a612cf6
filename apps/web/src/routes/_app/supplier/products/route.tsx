import { createFileRoute, stripSearchParams, useMatchRoute } from '@tanstack/react-router';
import { useClaims } from '@/app/session';
import { ProductsPage } from '@/features/fitness-product/products-page';
import { defaultListState, parseListSearch } from '@/ui/list-search';

/**
 * 'Producten' of the supplier: tabs Existant / Awaiting / Denied, page, search and sort in the URL. The add
 * and edit modals (`manage`, `manage/{id}`) open on top of the list, which stays as it was.
 */
export const Route = createFileRoute('/_app/supplier/products')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  component: ProductsRoute,
});

function ProductsRoute() {
  const claims = useClaims();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const matchRoute = useMatchRoute();
  const editMatch = matchRoute({ to: '/supplier/products/manage/$id' });
  const editing = editMatch
    ? Number(editMatch.id)
    : matchRoute({ to: '/supplier/products/manage' })
      ? ('new' as const)
      : undefined;
  return (
    <ProductsPage
      supplierId={claims?.activeSupplierId ?? null}
      state={state}
      onStateChange={(search) => void navigate({ to: '/supplier/products', search })}
      editing={editing}
      onAdd={() => void navigate({ to: '/supplier/products/manage', search: state })}
      onEdit={(id) =>
        void navigate({ to: '/supplier/products/manage/$id', params: { id: String(id) }, search: state })
      }
      onCloseForm={() => void navigate({ to: '/supplier/products', search: state })}
      onSaved={() =>
        void navigate({ to: '/supplier/products', search: { ...state, tab: 'awaiting', page: 1 } })
      }
    />
  );
}
