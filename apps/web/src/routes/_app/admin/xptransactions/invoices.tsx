import { createFileRoute } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { xpInvoiceRouteSearch } from '@/features/xp/search';
import { XpInvoicesPage } from '@/features/xp/xp-invoice-list';
import { defined } from '@/ui/list-search';

/** 'XP-facturen': every employer's XP invoices; tab, employer, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/admin/xptransactions/invoices')({
  ...xpInvoiceRouteSearch,
  beforeLoad: requireAccess(isAdmin),
  component: InvoicesPage,
});

function InvoicesPage() {
  const navigate = Route.useNavigate();
  return (
    <XpInvoicesPage
      scope="admin"
      state={Route.useSearch()}
      onStateChange={(next) => void navigate({ search: defined(next) })}
    />
  );
}
