import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayReadXpInvoices } from '@/features/xp/access';
import { xpInvoiceLink, xpInvoiceRouteSearch } from '@/features/xp/search';
import { XpInvoicesPage } from '@/features/xp/xp-invoice-list';
import { defined } from '@/ui/list-search';

/** 'Facturen': every XP invoice of the active employer; tab, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/employer/invoices')({
  ...xpInvoiceRouteSearch,
  beforeLoad: requireAccess(mayReadXpInvoices),
  component: InvoicesPage,
});

function InvoicesPage() {
  const navigate = Route.useNavigate();
  return (
    <XpInvoicesPage
      scope="employer"
      state={Route.useSearch()}
      onStateChange={(next) => void navigate({ search: defined(next) })}
      onOpenInvoice={(id) => void navigate(xpInvoiceLink(id))}
    />
  );
}
