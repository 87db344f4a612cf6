import { createFileRoute } from '@tanstack/react-router';
import { PasswordForgottenConfirmPage } from '@/features/recovery/password-forgotten-page';

export const Route = createFileRoute('/account/password-forgotten-confirm')({
  component: PasswordForgottenConfirmPage,
});
