import { createFileRoute } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { xpTransactionRouteSearch } from '@/features/xp/search';
import { XpTransactionsPage } from '@/features/xp/xp-transaction-list';
import { defined } from '@/ui/list-search';

/** 'XP-transacties': every XP movement; kind, employer, period, page, search and sort in the URL. */
export const Route = createFileRoute('/_app/admin/xptransactions/')({
  ...xpTransactionRouteSearch,
  beforeLoad: requireAccess(isAdmin),
  component: TransactionsPage,
});

function TransactionsPage() {
  const navigate = Route.useNavigate();
  return (
    <XpTransactionsPage
      scope="admin"
      state={Route.useSearch()}
      onStateChange={(next) => void navigate({ search: defined(next) })}
    />
  );
}
