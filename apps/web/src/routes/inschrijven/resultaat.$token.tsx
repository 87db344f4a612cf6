import { createFileRoute } from '@tanstack/react-router';
import { SignUpResultPage } from '@/features/sign-up/lazy-pages';
import { safeReturnPath } from '@/features/sign-up/return-path';

/**
 * Where the bank sends a new member back after the first payment; `terug` (a sign-up page of this site) is
 * the kiosk's start, which the page returns to. No zod in the search check: it stays off the first screen.
 */
export const Route = createFileRoute('/inschrijven/resultaat/$token')({
  // Undefined, not left out: the router keeps a search param the check leaves out as it came.
  validateSearch: (search: Record<string, unknown>): { terug?: string | undefined } => ({
    terug: safeReturnPath(search.terug),
  }),
  component: function SignUpResultRoute() {
    const { token } = Route.useParams();
    const { terug } = Route.useSearch();
    return <SignUpResultPage token={token} returnTo={terug} />;
  },
});
