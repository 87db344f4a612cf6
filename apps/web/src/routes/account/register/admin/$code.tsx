import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/registration/register-page';

/** Registration from the invitation of an admin; one page serves every kind of invitation. */
export const Route = createFileRoute('/account/register/admin/$code')({ component: Register });

function Register() {
  const { code } = Route.useParams();
  return <RegisterPage key={code} kind="admin" code={code} />;
}
