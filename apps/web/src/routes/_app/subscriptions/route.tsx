import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { mayManageSubscriptions } from '@/features/subscription/access';

/** 'Abonnementen' of the active gym: for who holds ManageSubscriptions there (the menu item's rule). */
export const Route = createFileRoute('/_app/subscriptions')({
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(mayManageSubscriptions)(input);
  },
});
