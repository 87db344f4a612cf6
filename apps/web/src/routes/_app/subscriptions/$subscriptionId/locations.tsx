import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionLocationsTab } from '@/features/subscription/subscription-detail';

/** 'Locaties': the gym's locations that offer the subscription. */
export const Route = createFileRoute('/_app/subscriptions/$subscriptionId/locations')({
  component: Tab,
});

function Tab() {
  const { subscriptionId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <SubscriptionLocationsTab
      id={Number(subscriptionId)}
      onOpenLocation={(locationId) =>
        void navigate({ to: '/locations/$locationId/general', params: { locationId: String(locationId) } })
      }
    />
  );
}
