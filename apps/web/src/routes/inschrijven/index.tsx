import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '@/features/sign-up/lazy-pages';

/** The public sign-up of any gym (decision 018), outside the signed-in layout: find a club by postal code. */
export const Route = createFileRoute('/inschrijven/')({
  component: function SignUpRoute() {
    const navigate = Route.useNavigate();
    return (
      <SignUpPage
        onResult={(token) => void navigate({ to: '/inschrijven/resultaat/$token', params: { token } })}
      />
    );
  },
});
