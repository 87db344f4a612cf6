import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names both `/employer` and `/employer/dashboard`: one screen, one address. */
export const Route = createFileRoute('/_app/employer/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/employer', replace: true });
  },
});
