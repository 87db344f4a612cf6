import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireEnvironment } from '@/app/route-access';
import { GymDashboard } from '@/features/gym/gym-dashboard';

/** Dashboard of the Gym (and Customer) environment: the active gym and its numbers. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: requireEnvironment(Environment.Gym),
  component: GymDashboard,
});
