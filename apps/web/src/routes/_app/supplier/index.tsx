import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { EnvironmentHome } from '@/app/home/environment-home';

export const Route = createFileRoute('/_app/supplier/')({
  component: () => <EnvironmentHome environment={Environment.Supplier} />,
});
