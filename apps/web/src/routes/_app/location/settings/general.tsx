import { createFileRoute } from '@tanstack/react-router';
import { useRequiredClaims } from '@/app/session';
import { LocationGeneralTab } from '@/features/location/location-layout';

/** 'Algemeen' of the active location. */
export const Route = createFileRoute('/_app/location/settings/general')({
  component: Tab,
});

function Tab() {
  const { activeLocationId } = useRequiredClaims();
  return <LocationGeneralTab id={activeLocationId} />;
}
