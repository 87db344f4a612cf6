import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordPage } from '@/features/recovery/reset-password-page';

export const Route = createFileRoute('/account/reset-password')({
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
