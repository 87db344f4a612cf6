import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names both `/association` and `/association/dashboard`: one screen, one address. */
export const Route = createFileRoute('/_app/association/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/association', replace: true });
  },
});
