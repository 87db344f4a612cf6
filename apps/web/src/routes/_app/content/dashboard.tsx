import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names both `/content` and `/content/dashboard`: one screen, one address. */
export const Route = createFileRoute('/_app/content/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/content', replace: true });
  },
});
