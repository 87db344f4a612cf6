import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { AssociationDetail } from '@/features/association/association-detail';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** One association (admin): its locations, with page, search and sort in the URL. */
export const Route = createFileRoute('/_app/admin/associations/$associationId')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: AssociationPage,
});

function AssociationPage() {
  const { associationId } = Route.useParams();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AssociationDetail
      key={associationId}
      id={Number(associationId)}
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onBack={() => void navigate({ to: '/admin/associations' })}
    />
  );
}
