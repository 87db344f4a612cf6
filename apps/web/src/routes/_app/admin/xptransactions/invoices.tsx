import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { defaultXpListState, parseXpInvoiceSearch, type XpInvoiceListState } from '@/features/xp/search';
import { XpInvoicesPage } from '@/features/xp/xp-invoice-list';
import { defined } from '@/ui/list-search';

/** 'XP-facturen': every employer's XP invoices; tab, employer, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/admin/xptransactions/invoices')({
  validateSearch: parseXpInvoiceSearch,
  search: { middlewares: [stripSearchParams(defaultXpListState)] },
  beforeLoad: requireAccess(isAdmin),
  component: InvoicesPage,
});

function InvoicesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <XpInvoicesPage
      scope="admin"
      state={state}
      onStateChange={(next: XpInvoiceListState) => void navigate({ search: defined(next) })}
    />
  );
}
