import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '@/features/sign-up/lazy-pages';

/** A club's sign-up page: that club chosen, the sign-up starts at the membership step. */
export const Route = createFileRoute('/inschrijven/$gymSlug/$locationSlug/')({
  component: function ClubSignUpRoute() {
    const { gymSlug, locationSlug } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <SignUpPage
        gymSlug={gymSlug}
        locationSlug={locationSlug}
        onResult={(token) => void navigate({ to: '/inschrijven/resultaat/$token', params: { token } })}
      />
    );
  },
});
