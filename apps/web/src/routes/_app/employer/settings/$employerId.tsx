import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { maySwitchToEmployerSettings } from '@/features/employer-settings/access';
import { SwitchToEmployerSettings } from '@/features/employer-settings/switch-to-employer';

/** Switches the active employer to `employerId`, then goes to `/employer/settings` (spec 000 section 2). */
export const Route = createFileRoute('/_app/employer/settings/$employerId')({
  beforeLoad: requireAccess(maySwitchToEmployerSettings),
  component: SwitchPage,
});

function SwitchPage() {
  const { employerId } = Route.useParams();
  return <SwitchToEmployerSettings key={employerId} employerId={Number(employerId)} />;
}
