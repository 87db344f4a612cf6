import { createFileRoute } from '@tanstack/react-router';
import { RegisterRoute } from '@/features/registration/register-page';

/** Registration from the invitation of an employer; one page serves every kind of invitation. */
export const Route = createFileRoute('/account/register/employer/$code')({ component: RegisterRoute });
