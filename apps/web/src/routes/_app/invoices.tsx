import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { InvoiceList } from '@/features/invoice/invoice-list';
import {
  defaultInvoiceListState,
  type InvoiceListState,
  parseInvoiceListSearch,
} from '@/features/invoice/search';
import { mayReadInvoices } from '@/features/member/access';
import { defined } from '@/ui/list-search';

/** 'Facturen' of the active gym ("members and payments": the gym right ManageMemberships); state in the URL. */
export const Route = createFileRoute('/_app/invoices')({
  validateSearch: parseInvoiceListSearch,
  search: { middlewares: [stripSearchParams(defaultInvoiceListState)] },
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(mayReadInvoices)(input);
  },
  component: InvoicesPage,
});

function InvoicesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InvoiceList
      scope="gym"
      state={state}
      onStateChange={(next: InvoiceListState) => void navigate({ search: defined(next) })}
    />
  );
}
