import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { requireAccess } from '@/app/route-access';
import { RightsGroupMembers } from '@/features/rights/rights-group-members';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** The employees of one rights group. */
export const Route = createFileRoute('/_app/settings/rightGroups/$gymRightsGroupId/employees')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(policies.rightsGroupMembers),
  component: RightsGroupMembersPage,
});

function RightsGroupMembersPage() {
  const { gymRightsGroupId } = Route.useParams();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RightsGroupMembers
      key={gymRightsGroupId}
      groupId={Number(gymRightsGroupId)}
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
    />
  );
}
