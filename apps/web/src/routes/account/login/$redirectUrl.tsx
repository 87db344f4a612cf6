import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '@/app/route-access';
import { LoginPage } from '@/features/account/login-page';

/** The login page with the path to return to after signing in (sent here when a session ran out). */
export const Route = createFileRoute('/account/login/$redirectUrl')({
  beforeLoad: redirectSignedIn,
  component: LoginWithRedirect,
});

function LoginWithRedirect() {
  const { redirectUrl } = Route.useParams();
  return <LoginPage redirectUrl={redirectUrl} />;
}
