import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { requireAccess } from '@/app/route-access';
import { RightsGroupList } from '@/features/rights/rights-group-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Rechtengroepen' of the active gym, a tab of the settings; page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/settings/rightGroups/')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(policies.rightsGroupList),
  component: RightsGroupsPage,
});

function RightsGroupsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RightsGroupList
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpenMembers={(group) =>
        void navigate({
          to: '/settings/rightGroups/$gymRightsGroupId/employees',
          params: { gymRightsGroupId: String(group.id) },
        })
      }
    />
  );
}
