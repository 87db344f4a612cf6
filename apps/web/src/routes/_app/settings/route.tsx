import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { maySeeGymSettings } from '@/features/gym/access';
import { GymSettingsLayout } from '@/features/gym/gym-settings-layout';

/** 'Instellingen' of the active gym, with a tab per part. */
export const Route = createFileRoute('/_app/settings')({
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(maySeeGymSettings)(input);
  },
  component: GymSettingsLayout,
});
