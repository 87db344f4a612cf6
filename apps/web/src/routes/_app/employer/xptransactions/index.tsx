import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayReadXpTransactions } from '@/features/xp/access';
import { xpTransactionRouteSearch } from '@/features/xp/search';
import { XpTransactionsPage } from '@/features/xp/xp-transaction-list';
import { defined } from '@/ui/list-search';

/** 'Transacties': the active employer's XP movements; kind, period, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/employer/xptransactions/')({
  ...xpTransactionRouteSearch,
  beforeLoad: requireAccess(mayReadXpTransactions),
  component: TransactionsPage,
});

function TransactionsPage() {
  const navigate = Route.useNavigate();
  return (
    <XpTransactionsPage
      scope="employer"
      state={Route.useSearch()}
      onStateChange={(next) => void navigate({ search: defined(next) })}
    />
  );
}
