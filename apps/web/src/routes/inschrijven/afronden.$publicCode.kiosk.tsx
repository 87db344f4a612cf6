import { createFileRoute } from '@tanstack/react-router';
import { CompleteSignUpPage } from '@/features/sign-up/lazy-pages';

/**
 * Finishing a registration begun at the desk on the desk's tablet: large targets, no login popup, the form
 * starts over after 90 s without a touch; its result page comes back here (the link then says it was used).
 */
export const Route = createFileRoute('/inschrijven/afronden/$publicCode/kiosk')({
  component: function KioskCompleteSignUpRoute() {
    const { publicCode } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <CompleteSignUpPage
        publicCode={publicCode}
        isKiosk
        onResult={(token) =>
          void navigate({
            to: '/inschrijven/resultaat/$token',
            params: { token },
            search: { terug: `/inschrijven/afronden/${publicCode}/kiosk` },
          })
        }
      />
    );
  },
});
