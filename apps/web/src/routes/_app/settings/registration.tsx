import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { GymRegistrationSettings } from '@/features/gym/gym-registration-settings';
import { mayAlterGym } from '@/features/gym/gym-settings-layout';

/** 'Inschrijving': the public sign-up link and the banner of the sign-up pages. */
export const Route = createFileRoute('/_app/settings/registration')({
  beforeLoad: requireAccess(mayAlterGym),
  component: GymRegistrationSettings,
});
