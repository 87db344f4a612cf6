import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { ChallengeTemplateList } from '@/features/challenge-template/challenge-template-list';
import {
  type ChallengeTemplateState,
  defaultChallengeTemplateState,
  parseChallengeTemplateSearch,
} from '@/features/challenge-template/search';

/** 'Challenge-templates' (admin): theme tab, status filter, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/admin/challengeTemplate')({
  validateSearch: parseChallengeTemplateSearch,
  search: { middlewares: [stripSearchParams(defaultChallengeTemplateState)] },
  beforeLoad: requireAccess(isAdmin),
  component: ChallengeTemplateRoute,
});

function ChallengeTemplateRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChallengeTemplateList
      state={state}
      onStateChange={(next: ChallengeTemplateState) => void navigate({ search: next })}
    />
  );
}
