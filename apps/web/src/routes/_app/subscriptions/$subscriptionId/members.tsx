import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useRequiredClaims } from '@/app/session';
import { mayManageMembers } from '@/features/member/access';
import { SubscriptionMembers } from '@/features/member/subscription-members';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Leden': the subscription's current or ended memberships; tab, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/subscriptions/$subscriptionId/members')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  component: Tab,
});

function Tab() {
  const { subscriptionId } = Route.useParams();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  const claims = useRequiredClaims();
  return (
    <SubscriptionMembers
      subscriptionId={Number(subscriptionId)}
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpen={
        mayManageMembers(claims)
          ? (item) => void navigate({ to: '/members/$memberId', params: { memberId: String(item.memberId) } })
          : undefined
      }
    />
  );
}
