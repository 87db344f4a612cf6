import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { isChallengeOwner } from '@/features/challenge/access';
import { ChallengesPage } from '@/features/challenge/challenge-list';
import { defaultListState, type ListState, parseListSearch } from '@/ui/list-search';

/** 'Challenges' of the active employer; page, search, sort and tab live in the URL. */
export const Route = createFileRoute('/_app/employer/challenges')({
  validateSearch: parseListSearch,
  search: { middlewares: [stripSearchParams(defaultListState)] },
  beforeLoad: requireAccess(isChallengeOwner('employer')),
  component: EmployerChallengesPage,
});

function EmployerChallengesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChallengesPage state={state} onStateChange={(next: ListState) => void navigate({ search: next })} />
  );
}
