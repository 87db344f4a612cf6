import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/payment/checkout-page';

/**
 * The local test provider's checkout, outside the signed-in layout: the person paying has no back-office
 * account. The link's `token` is what lets them see and settle the payment (as on Mollie's hosted page).
 */
export const Route = createFileRoute('/dev/checkout/$paymentId')({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token.slice(0, 128) : '',
  }),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { paymentId } = Route.useParams();
  const { token } = Route.useSearch();
  return <CheckoutPage paymentId={paymentId} token={token} />;
}
