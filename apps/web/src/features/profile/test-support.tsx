import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { Environment, type Profile } from '@xp/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetRestoredSession } from '@/app/session';
import { sessionStore } from '@/app/session-store';
import { admin } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';

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
export function setUpAppTests() {
  beforeEach(async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    sessionStore.setClaims(null);
    forgetRestoredSession();
    localStorage.clear();
    await setLanguage('nl');
    localStorage.clear();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
