import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { prefetchCall } from '@/app/api-hooks';
import { firstDataRoutes } from '@/app/first-data-routes';
import { MemberList } from '@/features/member/member-list';
import {
  defaultMemberListState,
  type MemberListState,
  parseMemberListSearch,
} from '@/features/member/search';
import { defined } from '@/ui/list-search';

/** 'Leden': status tab, filters, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/location/members/')({
  validateSearch: parseMemberListSearch,
  search: { middlewares: [stripSearchParams(defaultMemberListState)] },
  // The page's rows are asked as soon as the router knows the session (on a first visit while the screen's
  // code loads, on a menu item's hover before the click), by the query the list then reads; not awaited, so a
  // new page or search keeps showing the previous rows while it loads (decision 010). On a first visit the page
  // asked the same call before the app ran (app/first-data.ts), and the query takes that answer.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchCall(context.queryClient, firstDataRoutes.locationMembers.call(deps)),
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
