import { gymEmployeeInvitationEndpoints } from '@xp/contracts';
import { InvitationList } from '@/features/invitation/invitation-list';
import type { ListState } from '@/ui/list-search';
import { EmployeeTabs } from './employee-tabs';

interface EmployeeInvitationsProps {
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** `/employees/invited`: open invitations of the active gym, to invite, send again or cancel. */
export function EmployeeInvitations({ state, onStateChange }: EmployeeInvitationsProps) {
  return (
    <InvitationList
      texts="employee.invitations"
      endpoints={gymEmployeeInvitationEndpoints}
      state={state}
      onStateChange={onStateChange}
      navigation={<EmployeeTabs active="invited" />}
    />
  );
}
