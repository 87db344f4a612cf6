import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '@/app/route-access';
import { AppLayout } from '@/app/shell/app-layout';

/** Everything behind the login: the shell around each environment's screens. */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireSession,
  component: AppLayout,
});
