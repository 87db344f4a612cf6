import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayReadXpInvoices } from '@/features/xp/access';
import { xpInvoiceLink, xpInvoiceRouteSearch } from '@/features/xp/search';
import { XpInvoicesPage } from '@/features/xp/xp-invoice-list';
import { defined } from '@/ui/list-search';

/** The active employer's XP invoices still to pay, each with 'Nu betalen'. */
export const Route = createFileRoute('/_app/employer/xptransactions/invoices/')({
  ...xpInvoiceRouteSearch,
  beforeLoad: requireAccess(mayReadXpInvoices),
  component: OpenInvoicesPage,
});

function OpenInvoicesPage() {
  const navigate = Route.useNavigate();
  return (
    <XpInvoicesPage
      scope="open"
      state={Route.useSearch()}
      onStateChange={(next) => void navigate({ search: defined(next) })}
      onOpenInvoice={(id) => void navigate(xpInvoiceLink(id))}
    />
  );
}
