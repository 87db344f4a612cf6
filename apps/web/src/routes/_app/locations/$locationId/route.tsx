import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireEnvironment } from '@/app/route-access';
import { GymLocationLayout } from '@/features/location/location-layout';

/** One location of the active gym, with a tab per part. */
export const Route = createFileRoute('/_app/locations/$locationId')({
  beforeLoad: requireEnvironment(Environment.Gym),
  component: LocationPage,
});

function LocationPage() {
  const { locationId } = Route.useParams();
  return <GymLocationLayout key={locationId} locationId={Number(locationId)} />;
}
