import { useMemberDesk } from './test-support.ts';

/*
 * Members and memberships (decision 014): the desk's members in the Gym and Location
 * environments, the take-out rules, end and pause, the member status from the days of absence, GDPR export
 * and anonymisation, open registrations and a subscription's members tab.
 */

let serial = 0;
/** The next number for a unique name. */
export const nextSerial = () => ++serial;

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  useMemberDesk('leden.test', '10.64');
}
