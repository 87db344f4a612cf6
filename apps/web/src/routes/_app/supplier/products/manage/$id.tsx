import { createFileRoute, redirect } from '@tanstack/react-router';
import { intIn } from '@/ui/list-search';

/** The largest id (PostgreSQL int4); the contracts' `INT4_MAX`, not imported: its module builds schemas. */
const ID_MAX = 2_147_483_647;

/** The edit fitness product modal, shown by the list's layout (`../route.tsx`); a bad id goes to the list. */
export const Route = createFileRoute('/_app/supplier/products/manage/$id')({
  beforeLoad: ({ params }) => {
    if (intIn(Number(params.id), 1, ID_MAX, 0) === 0)
      throw redirect({ to: '/supplier/products', replace: true });
  },
});
