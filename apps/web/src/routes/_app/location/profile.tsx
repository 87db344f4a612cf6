import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/profile/profile-form';

/** 'Profiel' inside the Location environment. */
export const Route = createFileRoute('/_app/location/profile')({
  component: ProfilePage,
});
