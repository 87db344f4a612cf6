import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SubscriptionList } from '@/features/subscription/subscription-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Abonnementen', tab 'Actief': the active gym's active subscriptions; page, search and sort in the URL. */
export const Route = createFileRoute('/_app/subscriptions/')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  component: ActiveSubscriptionsPage,
});

function ActiveSubscriptionsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SubscriptionList
      tab="active"
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      // The other tab keeps the search, from its first page.
      onTabChange={() => void navigate({ to: '/subscriptions/inactive', search: { search: state.search } })}
      onOpen={(item) =>
        void navigate({ to: '/subscriptions/$subscriptionId', params: { subscriptionId: String(item.id) } })
      }
      onAdd={() => void navigate({ to: '/subscriptions/new' })}
    />
  );
}
