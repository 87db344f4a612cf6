import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '@/features/profile/confirm-email-page';
import { parseTokenSearch } from '@/features/registration/tfa-search';

/** The link mailed to a new email address; works with or without a session. */
export const Route = createFileRoute('/account/confirm-email')({
  validateSearch: parseTokenSearch,
  component: function ConfirmEmailRoute() {
    const { token } = Route.useSearch();
    return <ConfirmEmailPage token={token} />;
  },
});
