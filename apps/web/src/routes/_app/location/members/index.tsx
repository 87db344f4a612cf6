import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { memberCalls } from '@xp/contracts/calls';
import { apiQueryOptions } from '@/app/api-hooks';
import { MemberList } from '@/features/member/member-list';
import {
  DEBT_TAB,
  defaultMemberListState,
  type MemberListState,
  parseMemberListSearch,
  toMemberQuery,
} from '@/features/member/search';
import { defined } from '@/ui/list-search';

/** 'Leden': status tab, filters, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/location/members/')({
  validateSearch: parseMemberListSearch,
  search: { middlewares: [stripSearchParams(defaultMemberListState)] },
  // The page's rows are asked as soon as the router knows the session (on a first visit while the screen's
  // code loads, on a menu item's hover before the click), by the query the list then reads; not awaited, so a
  // new page or search keeps showing the previous rows while it loads (decision 010).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.tab === DEBT_TAB) return;
    void context.queryClient
      .prefetchQuery(apiQueryOptions(memberCalls.list, { query: toMemberQuery(deps, false) }))
      .catch(() => {});
  },
  component: MembersPage,
});

function MembersPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MemberList
      scope="location"
      state={state}
      onStateChange={(next: MemberListState) => void navigate({ search: defined(next) })}
      onOpen={(item) =>
        void navigate({ to: '/location/members/$memberId', params: { memberId: String(item.id) } })
      }
      onAdd={() => void navigate({ to: '/location/members/new' })}
      onOpenRegistrations={() => void navigate({ to: '/location/members/openRegistrations' })}
    />
  );
}
