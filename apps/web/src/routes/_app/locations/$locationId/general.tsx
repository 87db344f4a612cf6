import { createFileRoute } from '@tanstack/react-router';
import { LocationGeneralTab } from '@/features/location/location-layout';

/** 'Algemeen': the location's data and its QR code. */
export const Route = createFileRoute('/_app/locations/$locationId/general')({
  component: Tab,
});

function Tab() {
  const { locationId } = Route.useParams();
  return <LocationGeneralTab id={Number(locationId)} />;
}
