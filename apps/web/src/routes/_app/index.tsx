import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts';
import { EnvironmentHome } from '@/app/home/environment-home';
import { requireEnvironment } from '@/app/route-access';

/** Home of the Gym (and Customer) environment. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: requireEnvironment(Environment.Gym),
  component: () => <EnvironmentHome environment={Environment.Gym} />,
});
