import { createFileRoute } from '@tanstack/react-router';
import { useRequiredClaims } from '@/app/session';
import { LocationStatusRequirementsTab } from '@/features/location/location-layout';

/** 'Statusvereisten' of the active location. */
export const Route = createFileRoute('/_app/location/settings/statusRequirements')({
  component: Tab,
});

function Tab() {
  const { activeLocationId } = useRequiredClaims();
  return <LocationStatusRequirementsTab id={activeLocationId} />;
}
