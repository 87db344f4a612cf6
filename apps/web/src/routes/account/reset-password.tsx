import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/recovery/reset-password-page';
import { parseTokenSearch } from '@/features/registration/tfa-search';

export const Route = createFileRoute('/account/reset-password')({
  validateSearch: parseTokenSearch,
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
