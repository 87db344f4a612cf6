import { createFileRoute } from '@tanstack/react-router';
import { InvoiceList } from '@/features/invoice/invoice-list';
import { type InvoiceListState, parseInvoiceListSearch } from '@/features/invoice/search';
import { defined } from '@/ui/list-search';

/** 'Facturen': the member's invoices; tab, period, page and sort live in the URL. */
export const Route = createFileRoute('/_app/location/members/$memberId/invoices')({
  validateSearch: parseInvoiceListSearch,
  component: Tab,
});

function Tab() {
  const { memberId } = Route.useParams();
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InvoiceList
      scope="member"
      memberId={Number(memberId)}
      state={state}
      onStateChange={(next: InvoiceListState) => void navigate({ search: defined(next) })}
    />
  );
}
