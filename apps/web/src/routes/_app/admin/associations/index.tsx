import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { Association } from '@xp/contracts';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { AssociationList } from '@/features/association/association-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Verenigingen' (admin): page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/associations/')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: AssociationsPage,
});

function AssociationsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const onOpen = (association: Association) =>
    void navigate({
      to: '/admin/associations/$associationId',
      params: { associationId: String(association.id) },
    });
  return (
    <AssociationList
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpen={onOpen}
    />
  );
}
