import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/payment/checkout-page';

/** The local test provider's checkout, outside the signed-in layout: the person paying has no back-office account. */
export const Route = createFileRoute('/dev/checkout/$paymentId')({
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { paymentId } = Route.useParams();
  return <CheckoutPage paymentId={paymentId} />;
}
