import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageEmployerSettings } from '@/features/employer-settings/access';
import { EmployerSettingsPage } from '@/features/employer-settings/employer-settings-page';

/** 'Instellingen' of the active employer: general data, addresses, contacts, invoice e-mail, finances. */
export const Route = createFileRoute('/_app/employer/settings/')({
  beforeLoad: requireAccess(mayManageEmployerSettings),
  component: EmployerSettingsPage,
});
