import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/profile/profile-form';

/** 'Profiel' for every signed-in user outside the Admin and Location trees. */
export const Route = createFileRoute('/_app/profile')({
  component: ProfilePage,
});
