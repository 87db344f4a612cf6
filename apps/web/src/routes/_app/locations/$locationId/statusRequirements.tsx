import { createFileRoute } from '@tanstack/react-router';
import { LocationStatusRequirementsTab } from '@/features/location/location-layout';

/** 'Statusvereisten': days of absence per member status. */
export const Route = createFileRoute('/_app/locations/$locationId/statusRequirements')({
  component: Tab,
});

function Tab() {
  const { locationId } = Route.useParams();
  return <LocationStatusRequirementsTab id={Number(locationId)} />;
}
