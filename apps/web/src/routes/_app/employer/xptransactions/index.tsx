import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageEmployerEmployees } from '@/features/employer-employee/access';
import {
  defaultXpListState,
  parseXpTransactionSearch,
  type XpTransactionListState,
} from '@/features/xp/search';
import { XpTransactionsPage } from '@/features/xp/xp-transaction-list';
import { defined } from '@/ui/list-search';

/** 'Transacties': the active employer's XP movements; kind, period, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/employer/xptransactions/')({
  validateSearch: parseXpTransactionSearch,
  search: { middlewares: [stripSearchParams(defaultXpListState)] },
  beforeLoad: requireAccess(mayManageEmployerEmployees),
  component: TransactionsPage,
});

function TransactionsPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <XpTransactionsPage
      scope="employer"
      state={state}
      onStateChange={(next: XpTransactionListState) => void navigate({ search: defined(next) })}
    />
  );
}
