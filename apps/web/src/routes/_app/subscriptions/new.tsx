import { createFileRoute } from '@tanstack/react-router';
import { NewSubscriptionPage } from '@/features/subscription/subscription-detail';

/** 'Abonnement toevoegen': saving opens the new subscription. */
export const Route = createFileRoute('/_app/subscriptions/new')({
  component: NewSubscription,
});

function NewSubscription() {
  const navigate = Route.useNavigate();
  return (
    <NewSubscriptionPage
      onCreated={(subscription) =>
        void navigate({
          to: '/subscriptions/$subscriptionId',
          params: { subscriptionId: String(subscription.id) },
        })
      }
      onCancel={() => void navigate({ to: '/subscriptions' })}
    />
  );
}
