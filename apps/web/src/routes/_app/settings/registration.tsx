import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayAlterGym } from '@/features/gym/access';
import { GymRegistrationSettings } from '@/features/gym/gym-registration-settings';

/** 'Inschrijving': the public sign-up link and the banner of the sign-up pages. */
export const Route = createFileRoute('/_app/settings/registration')({
  beforeLoad: requireAccess(mayAlterGym),
  component: GymRegistrationSettings,
});
