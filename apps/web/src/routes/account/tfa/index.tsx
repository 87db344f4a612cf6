import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '@/app/route-access';
import { TfaPage } from '@/features/registration/tfa-page';
import { parseTfaSearch } from '@/features/registration/tfa-search';

/** Two-factor verification of a sign-in, or of a registration with `?code=`. */
export const Route = createFileRoute('/account/tfa/')({
  validateSearch: parseTfaSearch,
  // A signed-in user has no sign-in to finish; a registration may still be verified.
  beforeLoad: (input) => (input.search.code ? undefined : redirectSignedIn(input)),
  component: Tfa,
});

function Tfa() {
  const { code } = Route.useSearch();
  return <TfaPage code={code} />;
}
