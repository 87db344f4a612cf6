import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '@/features/sign-up/lazy-pages';

/** A gym's sign-up page (its link in the gym's settings): its clubs only, its banner on top. */
export const Route = createFileRoute('/inschrijven/$gymSlug/')({
  component: function GymSignUpRoute() {
    const { gymSlug } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <SignUpPage
        gymSlug={gymSlug}
        onResult={(token) => void navigate({ to: '/inschrijven/resultaat/$token', params: { token } })}
      />
    );
  },
});
