import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { routeTree } from '@/routeTree.gen';
import { type MenuItem, menus, visibleMenu } from './menus';
import { createSessionStore } from './session-store';
import { admin, testClaims } from './test-support/claims';

const paths = (items: MenuItem[]) => items.map((item) => item.path);

describe('visibleMenu', () => {
  it('shows the location employee with ManageLocationAreas the dashboard and the rooms', () => {
    const claims = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLocationAreas', '5:ManageLessons'],
    });
    expect(paths(visibleMenu(claims))).toEqual(['/location', '/location/areas']);
  });

  it('hides the rooms from a location employee without ManageLocationAreas', () => {
    const claims = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    });
    expect(paths(visibleMenu(claims))).toEqual(['/location']);
  });

  it('shows the rooms to gym staff holding the gym right, at the active location', () => {
    const claims = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      gymRights: ['10:ManageLocationAreas'],
    });
    expect(paths(visibleMenu(claims))).toEqual(['/location', '/location/areas']);
  });

  it('shows an admin every item of the active environment', () => {
    expect(
      paths(visibleMenu(admin({ activeEnvironment: Environment.Location, activeLocationId: 5 }))),
    ).toEqual(['/location', '/location/areas']);
    expect(paths(visibleMenu(admin({ activeEnvironment: Environment.Admin })))).toEqual([
      '/admin',
      '/admin/admins',
      '/admin/admins/invited',
      '/admin/userOverview',
    ]);
    expect(paths(visibleMenu(admin({ activeEnvironment: Environment.Content })))).toEqual(['/content']);
  });

  it('gives each role the menu of its own environment only (spec section 6)', () => {
    expect(
      paths(visibleMenu(testClaims({ role: 'Employer', activeEnvironment: Environment.Employer }))),
    ).toEqual(['/employer']);
    expect(
      paths(visibleMenu(testClaims({ role: 'Supplier', activeEnvironment: Environment.Supplier }))),
    ).toEqual(['/supplier']);
    expect(
      paths(
        visibleMenu(testClaims({ role: 'ContentCreator', activeEnvironment: Environment.TipsAndTricks })),
      ),
    ).toEqual(['/tipsAndTricks']);
    // Content is for admins; Employer for admins and employers; Supplier for admins and suppliers.
    expect(
      visibleMenu(testClaims({ role: 'ContentCreator', activeEnvironment: Environment.Content })),
    ).toEqual([]);
    expect(visibleMenu(testClaims({ activeEnvironment: Environment.Employer }))).toEqual([]);
    expect(visibleMenu(testClaims({ role: 'Employer', activeEnvironment: Environment.Supplier }))).toEqual(
      [],
    );
    expect(visibleMenu(testClaims({ activeEnvironment: Environment.Admin }))).toEqual([]);
  });

  it('gives employees the gym menu in Gym and Customer', () => {
    expect(paths(visibleMenu(testClaims()))).toEqual(['/']);
    expect(paths(visibleMenu(testClaims({ activeEnvironment: Environment.Customer })))).toEqual(['/']);
  });

  it('applies item rules of a given menu', () => {
    const source = {
      [Environment.Gym]: [
        { ...menus[Environment.Gym][0]!, path: '/' as const },
        { label: 'x', path: '/admin' as const, icon: menus[Environment.Gym][0]!.icon, access: () => false },
      ],
    };
    expect(paths(visibleMenu(testClaims(), source))).toEqual(['/']);
  });
});

describe('menu paths', () => {
  const router = createRouter({
    routeTree,
    context: { queryClient: new QueryClient(), session: createSessionStore() },
  });
  const routePaths = new Set(Object.keys(router.routesByPath).map((path) => path.replace(/(.)\/$/, '$1')));

  it('each points at a route that exists', () => {
    for (const items of Object.values(menus)) {
      for (const item of items) {
        expect(routePaths, item.path).toContain(item.path);
      }
    }
  });
});
