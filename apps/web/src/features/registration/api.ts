import { accountEndpoints, registrationEndpoints as endpoints } from '@xp/contracts';
import { useApiMutation, useApiQuery } from '@/app/api-hooks';

/** The invitation behind a registration code: kind, email and inviting organisation. */
export function useInvitation(code: string) {
  // An unknown, expired, cancelled or used code is a 404 that does not change by asking again.
  return useApiQuery(endpoints.invitation, { params: { code } }, { retry: false, staleTime: Infinity });
}

export function useCompleteRegistration() {
  return useApiMutation(endpoints.completeRegistration);
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
