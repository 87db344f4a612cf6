import { createFileRoute } from '@tanstack/react-router';
import { RegisterRoute } from '@/features/registration/register-page';

/** Registration from the invitation of an admin; one page serves every kind of invitation. */
export const Route = createFileRoute('/account/register/admin/$code')({ component: RegisterRoute });
