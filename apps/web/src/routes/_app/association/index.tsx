import { createFileRoute } from '@tanstack/react-router';
import { AssociationDashboard } from '@/features/association/association-dashboard';

/** The association environment's dashboard (also reached as `/association/dashboard`). */
export const Route = createFileRoute('/_app/association/')({
  component: AssociationDashboard,
});
