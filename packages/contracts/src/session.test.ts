import { describe, expect, it } from 'vitest';
import { Environment, roles } from './enums.ts';
import {
  type Claims,
  hasAnyGymRight,
  hasGymRight,
  hasLocationAccess,
  hasLocationRight,
  homePath,
  isAdmin,
} from './session.ts';

const claims = (overrides: Partial<Claims> = {}): Claims => ({
  userId: 1,
  role: 'Employee',
  rights: [],
  activeGymId: 10,
  activeLocationId: null,
  activeEmployerId: null,
  activeAssociationId: null,
  activeContentEnvironmentId: null,
  activeSupplierId: null,
  activeEnvironment: Environment.Gym,
  gymRights: [],
  locationRights: [],
  name: 'Test Gebruiker',
  language: 'nl',
  ...overrides,
});

const allEnvironments = Object.entries(Environment) as [keyof typeof Environment, Environment][];

describe('homePath: every row of the table in spec section 2', () => {
  it.each([
    ['Admin', 'Admin', '/admin'],
    ['Admin', 'Gym', '/'],
    ['Admin', 'Customer', '/'],
    ['Admin', 'Employer', '/employer'],
    ['Admin', 'Location', '/location'],
    ['Admin', 'Association', '/association'],
    ['Admin', 'TipsAndTricks', '/tipsAndTricks'],
    ['Admin', 'Content', '/content'],
    ['Admin', 'Supplier', '/supplier'],
  ] as const)('%s in %s goes to %s', (role, environment, path) => {
    expect(homePath(role, Environment[environment])).toBe(path);
  });

  it.each([
    ['ContentCreator', '/tipsAndTricks'],
    ['Employer', '/employer'],
    ['Supplier', '/supplier'],
  ] as const)('%s in any environment goes to %s', (role, path) => {
    for (const [, environment] of allEnvironments) expect(homePath(role, environment)).toBe(path);
    // Also for a value outside the enumeration.
    expect(homePath(role, 99)).toBe(path);
  });

  it.each([
    ['Gym', '/'],
    ['Customer', '/'],
    ['Location', '/location'],
    ['Employer', '/employer'],
    ['TipsAndTricks', '/tipsAndTricks'],
    ['Content', '/content'],
    ['Supplier', '/supplier'],
  ] as const)('other roles (Employee) in %s go to %s', (environment, path) => {
    expect(homePath('Employee', Environment[environment])).toBe(path);
  });

  it.each([
    ['Admin', Environment.Admin],
    ['Association', Environment.Association],
    ['unknown value 42', 42],
    ['negative value', -1],
  ])('other roles (Employee) in anything else (%s) go to /', (_label, environment) => {
    expect(homePath('Employee', environment)).toBe('/');
  });

  it('an admin in an environment outside the table goes to /', () => {
    expect(homePath('Admin', 42)).toBe('/');
  });

  it('covers every role of the enumeration', () => {
    for (const role of roles) expect(homePath(role, Environment.Gym)).toMatch(/^\//);
  });
});

describe('hasGymRight', () => {
  it('is held by an admin for any right, whatever the gym rights list', () => {
    const admin = claims({ role: 'Admin', activeGymId: null });
    expect(isAdmin(admin)).toBe(true);
    expect(hasGymRight(admin, 'ManageSubscriptions')).toBe(true);
    expect(hasGymRight(admin, 'ManageLocationAreas', 99)).toBe(true);
  });

  it('is held with `activeGymId:right`', () => {
    const employee = claims({ gymRights: ['10:ManageMembers', '20:ManageSubscriptions'] });
    expect(hasGymRight(employee, 'ManageMembers')).toBe(true);
  });

  it('is not held for another right, or a right in another gym than the active one', () => {
    const employee = claims({ gymRights: ['10:ManageMembers', '20:ManageSubscriptions'] });
    expect(hasGymRight(employee, 'AlterGymInformation')).toBe(false);
    expect(hasGymRight(employee, 'ManageSubscriptions')).toBe(false);
  });

  it('can be asked for a given gym', () => {
    const employee = claims({ gymRights: ['20:ManageSubscriptions'] });
    expect(hasGymRight(employee, 'ManageSubscriptions', 20)).toBe(true);
    expect(hasGymRight(employee, 'ManageSubscriptions', 10)).toBe(false);
  });

  it('is not held without an active gym', () => {
    const employee = claims({ activeGymId: null, gymRights: ['10:ManageMembers'] });
    expect(hasGymRight(employee, 'ManageMembers')).toBe(false);
  });

  it('does not match a gym id that is only a prefix', () => {
    const employee = claims({ activeGymId: 1, gymRights: ['10:ManageMembers'] });
    expect(hasGymRight(employee, 'ManageMembers')).toBe(false);
  });
});

describe('hasAnyGymRight', () => {
  it('is true for an admin and for anyone with a gym right', () => {
    expect(hasAnyGymRight(claims({ role: 'Admin' }))).toBe(true);
    expect(hasAnyGymRight(claims({ gymRights: ['20:ManageMembers'] }))).toBe(true);
    expect(hasAnyGymRight(claims({ gymRights: ['20:ManageMembers'] }), 20)).toBe(true);
  });

  it('is false without gym rights, or without rights in the given gym', () => {
    expect(hasAnyGymRight(claims({ locationRights: ['5:ManageLessons'] }))).toBe(false);
    expect(hasAnyGymRight(claims({ gymRights: ['20:ManageMembers'] }), 10)).toBe(false);
    expect(hasAnyGymRight(claims({ gymRights: ['20:ManageMembers'] }), 2)).toBe(false);
  });
});

describe('hasLocationRight', () => {
  const atLocation = (overrides: Partial<Claims>) =>
    claims({ activeEnvironment: Environment.Location, activeLocationId: 5, ...overrides });

  it('is held by an admin', () => {
    expect(hasLocationRight(atLocation({ role: 'Admin' }), 'ManageLocationAreas')).toBe(true);
    expect(hasLocationRight(claims({ role: 'Admin' }), 'ManageLessons', 77)).toBe(true);
  });

  it('is held with `locationId:right` for the active location by default', () => {
    const employee = atLocation({ locationRights: ['5:ManageLocationAreas'] });
    expect(hasLocationRight(employee, 'ManageLocationAreas')).toBe(true);
    expect(hasLocationRight(employee, 'ManageLessons')).toBe(false);
  });

  it('is not held for a right on another location, unless that location is asked for', () => {
    const employee = atLocation({ locationRights: ['6:ManageLocationAreas'] });
    expect(hasLocationRight(employee, 'ManageLocationAreas')).toBe(false);
    expect(hasLocationRight(employee, 'ManageLocationAreas', 6)).toBe(true);
  });

  it('counts the gym right of the same name for the active location of the active gym', () => {
    const gymStaff = atLocation({ gymRights: ['10:ManageLocationAreas'] });
    expect(hasLocationRight(gymStaff, 'ManageLocationAreas')).toBe(true);
    // Not for another location than the active one, nor with the right in another gym.
    expect(hasLocationRight(gymStaff, 'ManageLocationAreas', 6)).toBe(false);
    expect(
      hasLocationRight(atLocation({ gymRights: ['11:ManageLocationAreas'] }), 'ManageLocationAreas'),
    ).toBe(false);
  });

  it('is not held without an active location and without rights', () => {
    expect(
      hasLocationRight(claims({ locationRights: ['5:ManageLocationAreas'] }), 'ManageLocationAreas'),
    ).toBe(false);
  });
});

describe('hasLocationAccess', () => {
  it('is granted to an admin, even without an active location', () => {
    expect(hasLocationAccess(claims({ role: 'Admin' }))).toBe(true);
  });

  it('is granted with any right on the location', () => {
    const employee = claims({ activeLocationId: 5, locationRights: ['5:ManageLessons'] });
    expect(hasLocationAccess(employee)).toBe(true);
    expect(hasLocationAccess(employee, 6)).toBe(false);
  });

  it('is granted with any gym right in the active gym for the active location', () => {
    const gymStaff = claims({ activeLocationId: 5, gymRights: ['10:ManageMembers'] });
    expect(hasLocationAccess(gymStaff)).toBe(true);
    expect(hasLocationAccess(gymStaff, 6)).toBe(false);
    expect(hasLocationAccess(claims({ activeLocationId: 5, gymRights: ['11:ManageMembers'] }))).toBe(false);
  });

  it('is refused without an active location (for a non-admin) or without rights', () => {
    expect(hasLocationAccess(claims({ gymRights: ['10:ManageMembers'] }))).toBe(false);
    expect(hasLocationAccess(claims({ activeLocationId: 5 }))).toBe(false);
  });

  it('does not match a location id that is only a prefix', () => {
    expect(hasLocationAccess(claims({ activeLocationId: 5, locationRights: ['50:ManageLessons'] }))).toBe(
      false,
    );
  });
});
