import { createFileRoute } from '@tanstack/react-router';
import { RegisterRoute } from '@/features/registration/register-page';

/** Registration from the invitation of an employer employee; one page serves every kind of invitation. */
export const Route = createFileRoute('/account/register/employer/employee/$code')({
  component: RegisterRoute,
});
