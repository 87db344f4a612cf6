import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '@/app/route-access';
import { TfaPage } from '@/features/registration/tfa-page';
import { parseTfaSearch } from '@/features/registration/tfa-search';

/** Two-factor verification with the path to return to afterwards (as `/account/login/{redirectUrl}`). */
export const Route = createFileRoute('/account/tfa/$redirectUrl')({
  validateSearch: parseTfaSearch,
  beforeLoad: (input) => (input.search.code ? undefined : redirectSignedIn(input)),
  component: TfaWithRedirect,
});

function TfaWithRedirect() {
  const { redirectUrl } = Route.useParams();
  const { code } = Route.useSearch();
  return <TfaPage redirectUrl={redirectUrl} code={code} />;
}
