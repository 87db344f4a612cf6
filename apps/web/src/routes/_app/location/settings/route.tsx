import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { maySeeLocationSettings } from '@/features/location/access';
import { LocationSettingsLayout } from '@/features/location/location-layout';

/** 'Instellingen' of the active location: AlterGymInformation (gym) or AlterLocationInformation (spec 000 section 6). */
export const Route = createFileRoute('/_app/location/settings')({
  beforeLoad: requireAccess(maySeeLocationSettings),
  component: LocationSettingsLayout,
});
