import { createFileRoute } from '@tanstack/react-router';
import { ConfirmSignUpPage } from '@/features/sign-up/lazy-pages';

/** The link mailed to the address of a sign-up: it proves the address and completes it (decision 018). */
export const Route = createFileRoute('/inschrijven/bevestigen/$token')({
  component: function ConfirmSignUpRoute() {
    const { token } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <ConfirmSignUpPage
        token={token}
        onResult={(resultToken) =>
          void navigate({ to: '/inschrijven/resultaat/$token', params: { token: resultToken } })
        }
      />
    );
  },
});
