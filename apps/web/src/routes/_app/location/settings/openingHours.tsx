import { createFileRoute } from '@tanstack/react-router';
import { useRequiredClaims } from '@/app/session';
import { LocationOpeningHoursTab } from '@/features/location/location-layout';

/** 'Openingstijden' of the active location. */
export const Route = createFileRoute('/_app/location/settings/openingHours')({
  component: Tab,
});

function Tab() {
  const { activeLocationId } = useRequiredClaims();
  return <LocationOpeningHoursTab id={activeLocationId} />;
}
