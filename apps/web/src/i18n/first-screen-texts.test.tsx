import { type EmployerEmployee, Environment, type GymEmployee } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testClaims } from '@/app/test-support/claims';
import {
  listItems,
  lists,
  locationEmployee,
  tabCounts as memberTabCounts,
} from '@/features/member/test-support';
import { adminClaims } from '@/features/profile/test-support';
import { people, tabCounts } from '@/features/users/test-data';
import i18n, { loadAreas, loadLanguage, unloadLanguage } from '@/i18n';
import { FIRST_SCREEN_AREAS, firstScreenAreas } from '@/i18n/areas';
import { fakeAppApi, setUpAppTests, startApp } from '@/test/fake-api';
import { screen } from '@/test/render';

setUpAppTests();

const employerEmployees: EmployerEmployee[] = [
  {
    userId: 11,
    fullName: 'Anouk Jansen',
    email: 'anouk@example.com',
    phone: null,
    employeeSince: '2026-02-01T10:00:00.000Z',
  },
];
const gymEmployees: GymEmployee[] = [
  {
    employeeId: 7,
    name: 'Fatima el Amrani',
    email: 'fatima@example.com',
    phoneNumber: null,
    locationCount: 2,
  },
];

/** Each first screen of `FIRST_SCREEN_AREAS`, as it looks with data. */
const screens = [
  {
    path: '/admin/userOverview',
    start: () =>
      fakeAppApi(adminClaims, { 'GET /api/user': () => ({ data: { items: people, total: 60, tabCounts } }) }),
    shows: 'Fatima el Amrani',
  },
  {
    path: '/employer/employees',
    start: () =>
      fakeAppApi(
        testClaims({
          userId: 3,
          role: 'Employer',
          activeEnvironment: Environment.Employer,
          activeGymId: null,
          activeEmployerId: 4,
        }),
        {
          'GET /api/EmployerEmployee': () => ({ data: { items: employerEmployees, total: 1 } }),
          'GET /api/Employer/4/EmployeeInvitations': () => ({ data: { items: [], total: 0 } }),
          // The header's XP balance and its 'XP kopen' (shell texts).
          'GET /api/Employer/4/GetBalance': () => ({
            data: { amountOfXp: 12_500, minPurchase: 100, maxPurchase: 5_000_000 },
          }),
        },
      ),
    shows: 'Anouk Jansen',
  },
  {
    path: '/employees',
    start: () =>
      fakeAppApi(testClaims({ userId: 1, gymRights: ['10:ManageMembers', '10:ManageGymRights'] }), {
        'GET /api/GymEmployee': () => ({ data: { items: gymEmployees, total: 1 } }),
      }),
    shows: 'Fatima el Amrani',
  },
  {
    path: '/location/members',
    start: () =>
      fakeAppApi(locationEmployee(), {
        ...lists,
        'GET /api/Member': () => ({ data: { items: listItems, total: 2, tabCounts: memberTabCounts } }),
      }),
    shows: 'Fatima el Amrani',
  },
];

describe('the first screens that load only some text areas', () => {
  const missing: string[] = [];
  const onMissing = (_languages: readonly string[], _namespace: string, key: string) => missing.push(key);

  beforeEach(() => {
    missing.length = 0;
    i18n.on('missingKey', onMissing);
  });
  afterEach(async () => {
    i18n.off('missingKey', onMissing);
    await loadLanguage('nl');
  });

  it('has a case here for every screen of FIRST_SCREEN_AREAS', () => {
    expect(screens.map(({ path }) => FIRST_SCREEN_AREAS.some((entry) => entry.path.test(path)))).toEqual(
      FIRST_SCREEN_AREAS.map(() => true),
    );
    expect(screens).toHaveLength(FIRST_SCREEN_AREAS.length);
  });

  for (const { path, start, shows } of screens) {
    it(`${path} shows no key that its areas lack`, async () => {
      unloadLanguage('nl');
      await loadAreas('nl', firstScreenAreas(path));
      start();
      await startApp(path);
      expect(await screen.findByText(shows)).toBeInTheDocument();
      // The header and the navbar are in, with their switchers and menus.
      await screen.findByRole('navigation', { name: 'Hoofdmenu' });
      if (path.startsWith('/employer')) await screen.findByRole('button', { name: 'XP kopen' });
      expect([...new Set(missing)].join(' ')).toBe('');
    });
  }

  it('loads the rest and shows again when a key is asked before its area is in', async () => {
    unloadLanguage('nl');
    await loadAreas('nl', ['app', 'common', 'ui']);
    expect(i18n.t('users.overview.title')).toBe('users.overview.title');
    await vi.waitFor(() => expect(i18n.t('users.overview.title')).not.toBe('users.overview.title'));
    expect(missing).toContain('users.overview.title');
  });
});
