import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { SupplierList } from '@/features/supplier/supplier-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Leveranciers': tab, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/suppliersOverview')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: SuppliersPage,
});

function SuppliersPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SupplierList state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />;
}
