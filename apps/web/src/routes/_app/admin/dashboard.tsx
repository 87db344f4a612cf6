import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names both `/admin` and `/admin/dashboard`: one screen, one address. */
export const Route = createFileRoute('/_app/admin/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true });
  },
});
