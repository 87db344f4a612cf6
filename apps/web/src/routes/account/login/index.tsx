import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '@/app/route-access';
import { LoginPage } from '@/features/account/login-page';

export const Route = createFileRoute('/account/login/')({
  beforeLoad: redirectSignedIn,
  component: LoginPage,
});
