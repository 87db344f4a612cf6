import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayManageMembers } from '@/features/member/access';

/** 'Leden' of the active location: for who holds the location right ManageMemberships there (the menu item's rule). */
export const Route = createFileRoute('/_app/location/members')({
  beforeLoad: requireAccess(mayManageMembers),
});
