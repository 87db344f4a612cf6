import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireEnvironment } from '@/app/route-access';

/** The Association environment's route tree: only for who may use it (spec section 6). */
export const Route = createFileRoute('/_app/association')({
  beforeLoad: requireEnvironment(Environment.Association),
  component: Outlet,
});
