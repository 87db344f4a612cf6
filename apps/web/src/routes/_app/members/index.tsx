import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { MemberList } from '@/features/member/member-list';
import {
  defaultMemberListState,
  type MemberListState,
  parseMemberListSearch,
} from '@/features/member/search';
import { defined } from '@/ui/list-search';

/** 'Leden': status tab, filters, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/members/')({
  validateSearch: parseMemberListSearch,
  search: { middlewares: [stripSearchParams(defaultMemberListState)] },
  component: MembersPage,
});

function MembersPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MemberList
      scope="gym"
      state={state}
      onStateChange={(next: MemberListState) => void navigate({ search: defined(next) })}
      onOpen={(item) => void navigate({ to: '/members/$memberId', params: { memberId: String(item.id) } })}
      onAdd={() => void navigate({ to: '/members/new' })}
      onOpenRegistrations={() => void navigate({ to: '/members/openRegistrations' })}
    />
  );
}
