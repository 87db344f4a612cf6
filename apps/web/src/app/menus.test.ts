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
    expect(paths(visibleMenu(claims))).toEqual(['/location', '/location/areas', '/location/challenges']);
  });

  it('hides the rooms from a location employee without ManageLocationAreas', () => {
    const claims = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    });
    expect(paths(visibleMenu(claims))).toEqual(['/location', '/location/challenges']);
  });

  it('shows the rooms to gym staff holding the gym right, at the active location', () => {
    const claims = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      gymRights: ['10:ManageLocationAreas'],
    });
    expect(paths(visibleMenu(claims))).toEqual(['/location', '/location/areas', '/location/challenges']);
  });

  it("shows 'Rechten' for the location right ManageLocationRights, or the gym right of that name", () => {
    const location = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLocationRights'],
    });
    expect(paths(visibleMenu(location))).toContain('/location/rights');
    const gym = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      gymRights: ['10:ManageLocationRights'],
    });
    expect(paths(visibleMenu(gym))).toContain('/location/rights');
  });

  it("shows 'Productbestellingen' for the location right ManageMemberships (the API's policy), or the gym right", () => {
    const location = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageMemberships'],
    });
    expect(paths(visibleMenu(location))).toContain('/location/productOrders');
    const gym = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      gymRights: ['10:ManageMemberships'],
    });
    expect(paths(visibleMenu(gym))).toContain('/location/productOrders');
    const without = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    });
    expect(paths(visibleMenu(without))).not.toContain('/location/productOrders');
  });

  it('shows an admin every item of the active environment', () => {
    expect(
      paths(visibleMenu(admin({ activeEnvironment: Environment.Location, activeLocationId: 5 }))),
    ).toEqual([
      '/location',
      '/location/insideMembers',
      '/location/entries',
      '/location/members',
      '/location/invoices',
      '/location/productOrders',
      '/location/employees',
      '/location/areas',
      '/location/challenges',
      '/location/rights',
      '/location/settings',
    ]);
    expect(paths(visibleMenu(admin({ activeEnvironment: Environment.Admin })))).toEqual([
      '/admin',
      '/admin/admins',
      '/admin/admins/invited',
      '/admin/userOverview',
      '/admin/gyms',
      '/admin/associations',
      '/admin/employers',
      '/admin/suppliersOverview',
      '/admin/commissionDeterminedOverview',
      '/admin/pictureBank',
      '/admin/challengeTemplate',
      '/admin/store',
      '/admin/xptransactions',
      '/admin/xptransactions/invoices',
    ]);
    expect(paths(visibleMenu(admin({ activeEnvironment: Environment.Content })))).toEqual(['/content']);
  });

  it('shows an admin in the association environment its dashboard and locations, without checks', () => {
    expect(paths(visibleMenu(admin({ activeEnvironment: Environment.Association })))).toEqual([
      '/association',
      '/association/locations',
    ]);
  });

  it("shows 'Challenges' where the session has a challenge owner (challengeOwnerOf)", () => {
    const location = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    });
    expect(paths(visibleMenu(location))).toContain('/location/challenges');
    expect(
      paths(
        visibleMenu(
          testClaims({ role: 'Employer', activeEnvironment: Environment.Employer, activeEmployerId: 3 }),
        ),
      ),
    ).toEqual([
      '/employer',
      '/employer/employees',
      '/employer/challenges',
      '/employer/shop',
      '/employer/shop/order',
      '/employer/xptransactions',
      '/employer/xptransactions/invoices',
      '/employer/invoices',
      '/employer/settings',
    ]);
    expect(
      paths(visibleMenu(admin({ activeEnvironment: Environment.Association, activeAssociationId: 2 }))),
    ).toEqual(['/association', '/association/locations', '/association/challenges']);
    // No active employer or association: nothing to own the challenges.
    expect(
      paths(visibleMenu(testClaims({ role: 'Employer', activeEnvironment: Environment.Employer }))),
    ).not.toContain('/employer/challenges');
    expect(paths(visibleMenu(admin({ activeEnvironment: Environment.Association })))).not.toContain(
      '/association/challenges',
    );
  });

  it('gives each role the menu of its own environment only (spec section 6)', () => {
    expect(
      paths(visibleMenu(testClaims({ role: 'Employer', activeEnvironment: Environment.Employer }))),
    ).toEqual(['/employer']);
    expect(
      paths(visibleMenu(testClaims({ role: 'Supplier', activeEnvironment: Environment.Supplier }))),
    ).toEqual(['/supplier', '/supplier/products', '/supplier/productOrders']);
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

  it('gives employees without gym rights the dashboard and the locations of the gym', () => {
    expect(paths(visibleMenu(testClaims()))).toEqual(['/', '/locations']);
    expect(paths(visibleMenu(testClaims({ activeEnvironment: Environment.Customer })))).toEqual(['/']);
  });

  it('adds employees and settings to the gym menu by gym right (spec section 6)', () => {
    const gymId = testClaims().activeGymId;
    const withRights = (...rights: string[]) =>
      paths(visibleMenu(testClaims({ gymRights: rights.map((right) => `${gymId}:${right}`) })));
    expect(withRights('ManageMembers')).toEqual(['/', '/locations', '/employees']);
    expect(withRights('AlterGymInformation')).toEqual(['/', '/locations', '/settings']);
    // The rights groups are a tab of the settings.
    expect(withRights('ManageGymRights')).toEqual(['/', '/locations', '/settings']);
    expect(withRights('ManageMembers', 'AlterGymInformation')).toEqual([
      '/',
      '/locations',
      '/employees',
      '/settings',
    ]);
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
