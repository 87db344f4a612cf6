import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts';
import { EnvironmentHome } from '@/app/home/environment-home';

export const Route = createFileRoute('/_app/association/')({
  component: () => <EnvironmentHome environment={Environment.Association} />,
});
