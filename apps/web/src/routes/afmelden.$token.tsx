import { createFileRoute } from '@tanstack/react-router';
import { CancelMembershipPage } from '@/features/billing-public/cancel-membership-page';

/** The cancel link of a membership mail, outside the signed-in layout: the member has no back-office account. */
export const Route = createFileRoute('/afmelden/$token')({
  component: function CancelMembershipRoute() {
    const { token } = Route.useParams();
    return <CancelMembershipPage token={token} />;
  },
});
