import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/profile/profile-form';

/** 'Profiel' inside the Admin environment. */
export const Route = createFileRoute('/_app/admin/profile')({
  component: ProfilePage,
});
