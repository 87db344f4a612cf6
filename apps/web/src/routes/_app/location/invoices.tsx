import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { InvoiceList } from '@/features/invoice/invoice-list';
import {
  defaultInvoiceListState,
  type InvoiceListState,
  parseInvoiceListSearch,
} from '@/features/invoice/search';
import { mayReadInvoices } from '@/features/member/access';
import { defined } from '@/ui/list-search';

/** 'Facturen' of the active location (the location right ManageMemberships); state in the URL. */
export const Route = createFileRoute('/_app/location/invoices')({
  validateSearch: parseInvoiceListSearch,
  search: { middlewares: [stripSearchParams(defaultInvoiceListState)] },
  beforeLoad: requireAccess(mayReadInvoices),
  component: InvoicesPage,
});

function InvoicesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InvoiceList
      scope="location"
      state={state}
      onStateChange={(next: InvoiceListState) => void navigate({ search: defined(next) })}
    />
  );
}
