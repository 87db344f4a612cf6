import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names both `/location` and `/location/dashboard`: one screen, one address. */
export const Route = createFileRoute('/_app/location/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/location', replace: true });
  },
});
