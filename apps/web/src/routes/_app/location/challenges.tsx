import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { isChallengeOwner } from '@/features/challenge/access';
import { ChallengesPage } from '@/features/challenge/challenge-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Challenges' of the active location; page, search, sort and tab live in the URL. */
export const Route = createFileRoute('/_app/location/challenges')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isChallengeOwner('location')),
  component: LocationChallengesPage,
});

function LocationChallengesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChallengesPage state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />
  );
}
