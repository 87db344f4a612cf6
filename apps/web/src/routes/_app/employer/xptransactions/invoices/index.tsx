import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageEmployerEmployees } from '@/features/employer-employee/access';
import { defaultXpListState, parseXpInvoiceSearch, type XpInvoiceListState } from '@/features/xp/search';
import { XpInvoicesPage } from '@/features/xp/xp-invoice-list';
import { defined } from '@/ui/list-search';

/** The active employer's XP invoices still to pay, each with 'Nu betalen'. */
export const Route = createFileRoute('/_app/employer/xptransactions/invoices/')({
  validateSearch: parseXpInvoiceSearch,
  search: { middlewares: [stripSearchParams(defaultXpListState)] },
  beforeLoad: requireAccess(mayManageEmployerEmployees),
  component: OpenInvoicesPage,
});

function OpenInvoicesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <XpInvoicesPage
      scope="open"
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
