import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '@/app/route-access';
import { PasswordForgottenPage } from '@/features/recovery/password-forgotten-page';

export const Route = createFileRoute('/account/password-forgotten')({
  beforeLoad: redirectSignedIn,
  component: PasswordForgottenPage,
});
