import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/registration/register-page';

/** Registration from the invitation of a supplier; one page serves every kind of invitation. */
export const Route = createFileRoute('/account/register/supplier/$code')({ component: Register });

function Register() {
  const { code } = Route.useParams();
  return <RegisterPage key={code} kind="supplier" code={code} />;
}
