import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OpenRegistrations } from '@/features/member/open-registrations';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Open inschrijvingen': page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/members/openRegistrations')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  component: OpenRegistrationsPage,
});

function OpenRegistrationsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OpenRegistrations
      state={state}
      onStateChange={(next: ListState) => void navigate({ search: next })}
      onOpen={(item) => void navigate({ to: '/members/$memberId', params: { memberId: String(item.id) } })}
      onBack={() => void navigate({ to: '/members' })}
    />
  );
}
