import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/registration/register-page';

/** Registration from the invitation of a gym employee; one page serves every kind of invitation. */
export const Route = createFileRoute('/account/register/gym/employee/$code')({ component: Register });

function Register() {
  const { code } = Route.useParams();
  return <RegisterPage key={code} kind="gymEmployee" code={code} />;
}
