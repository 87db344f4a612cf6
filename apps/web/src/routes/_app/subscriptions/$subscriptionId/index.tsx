import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionGeneralTab } from '@/features/subscription/subscription-detail';

/** 'Algemeen': the general data and the variants. */
export const Route = createFileRoute('/_app/subscriptions/$subscriptionId/')({
  component: Tab,
});

function Tab() {
  const { subscriptionId } = Route.useParams();
  return <SubscriptionGeneralTab id={Number(subscriptionId)} />;
}
