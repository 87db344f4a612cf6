import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ConfirmEmailPage } from '@/features/profile/confirm-email-page';

/** The link mailed to a new email address; works with or without a session. */
export const Route = createFileRoute('/account/confirm-email')({
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: function ConfirmEmailRoute() {
    const { token } = Route.useSearch();
    return <ConfirmEmailPage token={token} />;
  },
});
