import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { MailboxPage } from '@/features/mailbox/mailbox-page';

const mailboxSearch = z.object({
  to: z.string().trim().max(320).optional().catch(undefined),
  id: z.coerce.number().int().positive().optional().catch(undefined),
});

/**
 * The development mailbox, outside the signed-in layout: an invited person has no account yet and reads
 * the invitation here. The filter and the open mail live in the URL.
 */
export const Route = createFileRoute('/dev/mailbox')({
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
