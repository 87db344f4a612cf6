import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { AdminInvitationList } from '@/features/admin-invitation/admin-invitation-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Uitgenodigde beheerders': open admin invitations; page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/admins/invited')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: InvitedAdminsPage,
});

function InvitedAdminsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminInvitationList state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />
  );
}
