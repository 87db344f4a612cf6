import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionLayout } from '@/features/subscription/subscription-detail';

/** One subscription of the active gym, with its tabs 'Algemeen' and 'Locaties'. */
export const Route = createFileRoute('/_app/subscriptions/$subscriptionId')({
  component: SubscriptionPage,
});

function SubscriptionPage() {
  const { subscriptionId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <SubscriptionLayout
      key={subscriptionId}
      id={Number(subscriptionId)}
      onBack={() => void navigate({ to: '/subscriptions' })}
    />
  );
}
