import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '@/features/sign-up/lazy-pages';

/**
 * The club's sign-up on the tablet at the desk: large targets, no login popup, and back to the start after
 * 90 s without a touch; its result page comes back here.
 */
export const Route = createFileRoute('/inschrijven/$gymSlug/$locationSlug/kiosk')({
  component: function KioskSignUpRoute() {
    const { gymSlug, locationSlug } = Route.useParams();
    const navigate = Route.useNavigate();
    const start = `/inschrijven/${gymSlug}/${locationSlug}/kiosk`;
    return (
      <SignUpPage
        gymSlug={gymSlug}
        locationSlug={locationSlug}
        isKiosk
        onResult={(token) =>
          void navigate({
            to: '/inschrijven/resultaat/$token',
            params: { token },
            search: { terug: start },
          })
        }
      />
    );
  },
});
