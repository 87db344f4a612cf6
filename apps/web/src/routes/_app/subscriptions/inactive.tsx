import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SubscriptionList } from '@/features/subscription/subscription-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Abonnementen', tab 'Inactief': the ones that cannot be newly taken out; page, search and sort in the URL. */
export const Route = createFileRoute('/_app/subscriptions/inactive')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  component: InactiveSubscriptionsPage,
});

function InactiveSubscriptionsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SubscriptionList
      tab="inactive"
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onTabChange={() => void navigate({ to: '/subscriptions', search: { search: state.search } })}
      onOpen={(item) =>
        void navigate({ to: '/subscriptions/$subscriptionId', params: { subscriptionId: String(item.id) } })
      }
      onAdd={() => void navigate({ to: '/subscriptions/new' })}
    />
  );
}
