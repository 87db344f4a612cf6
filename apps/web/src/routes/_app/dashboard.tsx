import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names both `/` and `/dashboard` for the gym dashboard: one screen, one address. */
export const Route = createFileRoute('/_app/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
