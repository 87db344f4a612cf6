import { createFileRoute } from '@tanstack/react-router';
import { Environment } from '@xp/contracts/enums';
import { requireAccess, requireEnvironment } from '@/app/route-access';
import { mayManageMembers } from '@/features/member/access';

/** 'Leden' of the active gym: for who holds the gym right ManageMemberships (the menu item's rule). */
export const Route = createFileRoute('/_app/members')({
  beforeLoad: (input) => {
    requireEnvironment(Environment.Gym)(input);
    requireAccess(mayManageMembers)(input);
  },
});
