import { adminInvitationEndpoints } from '@xp/contracts';
import { InvitationList } from '@/features/invitation/invitation-list';
import type { ListState } from '@/ui/list-search';

interface AdminInvitationListProps {
  /** The list's page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** 'Uitgenodigde beheerders': open admin invitations, to invite, send again or cancel. */
export function AdminInvitationList({ state, onStateChange }: AdminInvitationListProps) {
  return (
    <InvitationList
      texts="invitation.admins"
      endpoints={adminInvitationEndpoints}
      state={state}
      onStateChange={onStateChange}
    />
  );
}
