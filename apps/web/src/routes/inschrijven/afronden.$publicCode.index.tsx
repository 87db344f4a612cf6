import { createFileRoute } from '@tanstack/react-router';
import { CompleteSignUpPage } from '@/features/sign-up/lazy-pages';

/** Finishing a registration begun at the desk, from the link the desk gave (decision 018). */
export const Route = createFileRoute('/inschrijven/afronden/$publicCode/')({
  component: function CompleteSignUpRoute() {
    const { publicCode } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <CompleteSignUpPage
        publicCode={publicCode}
        onResult={(token) => void navigate({ to: '/inschrijven/resultaat/$token', params: { token } })}
      />
    );
  },
});
