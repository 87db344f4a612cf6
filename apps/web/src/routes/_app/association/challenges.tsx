import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { isChallengeOwner } from '@/features/challenge/access';
import { ChallengesPage } from '@/features/challenge/challenge-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Challenges' of the active association; page, search, sort and tab live in the URL. */
export const Route = createFileRoute('/_app/association/challenges')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isChallengeOwner('association')),
  component: AssociationChallengesPage,
});

function AssociationChallengesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChallengesPage state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />
  );
}
