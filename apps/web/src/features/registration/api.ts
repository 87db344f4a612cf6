import {
  accountEndpoints,
  employerEmployeeInvitationEndpoints,
  employerEmployeeRegistrationEndpoints,
  registrationEndpoints as endpoints,
  type InvitationKind,
  invitationAnswerEndpoints,
  supplierRegistrationEndpoints,
} from '@xp/contracts';
import { useApiMutation, useApiQuery } from '@/app/api-hooks';

/**
 * The calls that load an invitation and complete a registration from the register route of a kind: the
 * spec's own for employees of an employer and for suppliers (they answer only invitations of that kind),
 * the general ones for the other kinds. All run on the same machinery and answer the same shapes.
 */
function registrationCalls(kind: InvitationKind) {
  if (kind === 'employerEmployee') return employerEmployeeRegistrationEndpoints;
  if (kind === 'supplier') return supplierRegistrationEndpoints;
  return endpoints;
}

/** The invitation behind a registration code: kind, email and inviting organisation. */
export function useInvitation(kind: InvitationKind, code: string) {
  // An unknown, expired, cancelled or used code is a 404 that does not change by asking again.
  return useApiQuery(
    registrationCalls(kind).invitation as typeof endpoints.invitation,
    { params: { code } },
    { retry: false, staleTime: Infinity },
  );
}

export function useCompleteRegistration(kind: InvitationKind) {
  return useApiMutation(
    registrationCalls(kind).completeRegistration as typeof endpoints.completeRegistration,
  );
}

/** Mails a new verification code for a registration (after the server's cooldown). */
export function useSendRegistrationTfaCode() {
  return useApiMutation(endpoints.sendRegistrationTfaCode);
}

/** Verifies a registration with the mailed code; answers the claims of the new session. */
export function useValidateTfa() {
  return useApiMutation(endpoints.validateTfa);
}

/** Finishes a sign-in that requires two-factor; answers the claims of the new session. */
export function useCookieLoginTfa() {
  return useApiMutation(accountEndpoints.cookieLoginTfa);
}

/** Mails a new sign-in code (after the server's cooldown). */
export function useResendLoginTfa() {
  return useApiMutation(accountEndpoints.resendLoginTfa);
}

/**
 * Accept and decline of an invitation someone with an account answers: the spec's own calls for an
 * employer's invitation, ours for a gym's. The kind never changes while the page is shown.
 */
export function useAnswerInvitation(kind: InvitationKind) {
  const endpoints =
    kind === 'employerEmployee' ? employerEmployeeInvitationEndpoints : invitationAnswerEndpoints;
  return { accept: useApiMutation(endpoints.accept), deny: useApiMutation(endpoints.deny) };
}
