import { createFileRoute } from '@tanstack/react-router';
import { RegisterRoute } from '@/features/registration/register-page';

/** Registration from the invitation of a gym's employer; one page serves every kind of invitation. */
export const Route = createFileRoute('/account/register/gym/employer/$code')({ component: RegisterRoute });
