import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayReadXpInvoices } from '@/features/xp/access';
import { XpInvoiceDetail } from '@/features/xp/xp-invoice-detail';

/** One XP invoice of the active employer: where the checkout returns to, and where it is paid. */
export const Route = createFileRoute('/_app/employer/xptransactions/invoices/$openInvoiceId')({
  beforeLoad: requireAccess(mayReadXpInvoices),
  component: InvoicePage,
});

function InvoicePage() {
  const { openInvoiceId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <XpInvoiceDetail
      invoiceId={Number(openInvoiceId)}
      onBack={() => void navigate({ to: '/employer/xptransactions/invoices' })}
    />
  );
}
