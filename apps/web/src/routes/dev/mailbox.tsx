import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess, requireSession } from '@/app/route-access';
import { MailboxPage } from '@/features/mailbox/mailbox-page';
import { defined, type SearchInput, stringUpTo } from '@/ui/list-search';

/** The filter (trimmed, at most 320 characters) and the open mail's id (a positive integer, also as text). */
export function mailboxSearch(input: SearchInput<{ to: string; id: number }>): { to?: string; id?: number } {
  const search = input as Record<string, unknown>;
  const id = search.id === undefined ? undefined : Number(search.id);
  return defined({
    to: typeof search.to === 'string' ? stringUpTo(search.to.trim(), 320) : undefined,
    id: id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined,
  });
}

/**
 * The development mailbox, outside the shell but signed in like any screen: it holds every mail (reset links
 * too), so only an admin reads it (decision 015); others go to their home. The filter and the open mail live
 * in the URL.
 */
export const Route = createFileRoute('/dev/mailbox')({
  beforeLoad: (input) => {
    requireSession(input);
    requireAccess(isAdmin)(input);
  },
  validateSearch: mailboxSearch,
  search: { middlewares: [stripSearchParams({ to: undefined, id: undefined })] },
  component: MailboxRoute,
});

function MailboxRoute() {
  const { to, id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MailboxPage
      to={to || undefined}
      selectedId={id}
      onFilterChange={(next) => void navigate({ search: { to: next }, replace: true })}
      onSelect={(next) => void navigate({ search: (previous) => ({ ...previous, id: next }) })}
    />
  );
}
