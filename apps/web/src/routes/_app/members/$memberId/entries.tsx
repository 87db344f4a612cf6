import { createFileRoute } from '@tanstack/react-router';
import { MemberEntries } from '@/features/member/member-entries';
import { type MemberEntriesState, parseMemberEntriesSearch } from '@/features/member/search';
import { defined } from '@/ui/list-search';

/** 'Bezoeken': page, sort and date range live in the URL. */
export const Route = createFileRoute('/_app/members/$memberId/entries')({
  validateSearch: parseMemberEntriesSearch,
  component: Tab,
});

function Tab() {
  const { memberId } = Route.useParams();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MemberEntries
      memberId={Number(memberId)}
      state={state}
      onStateChange={(next: MemberEntriesState) => void navigate({ search: defined(next) })}
    />
  );
}
