import { createFileRoute, redirect } from '@tanstack/react-router';
import { homePath } from '@xp/contracts/home-path';
import { mayAlterGym, settingsTabs } from '@/features/gym/access';
import { GymGeneralSettings } from '@/features/gym/gym-settings';

/** 'Algemeen': name and slug of the active gym. Who may not alter them goes to a tab they may see. */
export const Route = createFileRoute('/_app/settings/')({
  beforeLoad: ({ context }) => {
    const claims = context.session.getClaims();
    if (!claims || mayAlterGym(claims)) return;
    const tab = settingsTabs.find((candidate) => candidate.access(claims));
    throw redirect({ href: tab?.path ?? homePath(claims.role, claims.activeEnvironment), replace: true });
  },
  component: GymGeneralSettings,
});
