import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '@/app/route-access';
import { DeleteAccountPage } from '@/features/profile/delete-account-page';

/** Closing the own account; without a session, to the login page first and back here after. */
export const Route = createFileRoute('/account/delete-account')({
  beforeLoad: requireSession,
  component: DeleteAccountPage,
});
