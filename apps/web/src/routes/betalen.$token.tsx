import { createFileRoute } from '@tanstack/react-router';
import { PayInvoicePage } from '@/features/billing-public/pay-invoice-page';

/** The pay link of an invoice mail, outside the signed-in layout: the member has no back-office account. */
export const Route = createFileRoute('/betalen/$token')({
  component: function PayInvoiceRoute() {
    const { token } = Route.useParams();
    return <PayInvoicePage token={token} />;
  },
});
