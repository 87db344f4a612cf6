import type { Profile } from '@xp/contracts';
import { Environment } from '@xp/contracts/enums';
import { admin } from '@/app/test-support/claims';

/** An admin in the Admin environment, user 1. */
export const adminClaims = admin({
  userId: 1,
  name: 'Anne de Beheerder',
  activeEnvironment: Environment.Admin,
  activeGymId: null,
});

export const adminProfile: Profile = {
  id: 1,
  email: 'anne@example.com',
  firstName: 'Anne',
  insertion: 'de',
  lastName: 'Beheerder',
  phoneNumber: '06 12345678',
  language: 'nl',
  isTfaEnabled: false,
  pendingEmail: null,
  role: 'Admin',
};

/** A fresh session, Dutch, no toasts and the real `fetch` back after each test. */
export { setUpAppTests } from '@/test/fake-api';
