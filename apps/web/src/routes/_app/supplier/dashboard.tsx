import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names both `/supplier` and `/supplier/dashboard`: one screen, one address. */
export const Route = createFileRoute('/_app/supplier/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/supplier', replace: true });
  },
});
