import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageEmployerEmployees } from '@/features/employer-employee/access';
import { defaultXpListState, parseXpInvoiceSearch, type XpInvoiceListState } from '@/features/xp/search';
import { XpInvoicesPage } from '@/features/xp/xp-invoice-list';
import { defined } from '@/ui/list-search';

/** 'Facturen': every XP invoice of the active employer; tab, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/employer/invoices')({
  validateSearch: parseXpInvoiceSearch,
  search: { middlewares: [stripSearchParams(defaultXpListState)] },
  beforeLoad: requireAccess(mayManageEmployerEmployees),
  component: InvoicesPage,
});

function InvoicesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <XpInvoicesPage
      scope="employer"
      state={state}
      onStateChange={(next: XpInvoiceListState) => void navigate({ search: defined(next) })}
      onOpenInvoice={(id) =>
        void navigate({
          to: '/employer/xptransactions/invoices/$openInvoiceId',
          params: { openInvoiceId: String(id) },
        })
      }
    />
  );
}
