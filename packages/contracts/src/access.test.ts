import { describe, expect, it } from 'vitest';
import { allows, type Policy, policy } from './access.ts';
import { Environment } from './enums.ts';
import type { Claims } from './session.ts';

const claims = (overrides: Partial<Claims> = {}): Claims => ({
  userId: 1,
  role: 'Employee',
  rights: [],
  activeGymId: 10,
  activeLocationId: 20,
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

const admin = claims({ role: 'Admin', activeGymId: null, activeLocationId: null });
const employee = claims();
const memberManager = claims({ gymRights: ['10:ManageMemberships'] });
const otherGymManager = claims({ gymRights: ['11:ManageMemberships'] });
const locationManager = claims({
  activeEnvironment: Environment.Location,
  locationRights: ['20:ManageMemberships'],
});
const otherLocationManager = claims({
  activeEnvironment: Environment.Location,
  locationRights: ['21:ManageMemberships'],
});
const supplier = claims({ role: 'Supplier', activeGymId: null, activeLocationId: null });

describe('allows', () => {
  it('lets anyone, signed in or not, call public endpoints and development links', () => {
    for (const open of [policy.public, policy.developmentLink]) {
      expect(allows(open, null)).toBe(true);
      expect(allows(open, supplier)).toBe(true);
    }
  });

  it('lets nobody without a session call any other endpoint', () => {
    const closed: Policy[] = [
      policy.signedIn,
      policy.development,
      policy.roles('Admin', 'Employee', 'Supplier', 'Employer', 'ContentCreator'),
      policy.gymRight('ManageMemberships'),
      policy.anyGymRight('ManageMemberships'),
      policy.locationRight('ManageMemberships'),
      policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships'),
    ];
    for (const each of closed) expect(allows(each, null), each.kind).toBe(false);
  });

  it('lets every signed-in user call signedIn, and only an admin the development tools', () => {
    expect(allows(policy.signedIn, supplier)).toBe(true);
    expect(allows(policy.development, admin)).toBe(true);
    expect(allows(policy.development, memberManager)).toBe(false);
  });

  it('checks the role against the listed roles', () => {
    expect(allows(policy.roles('Admin', 'Supplier'), supplier)).toBe(true);
    expect(allows(policy.roles('Admin', 'Supplier'), employee)).toBe(false);
    expect(allows(policy.roles('Supplier'), admin)).toBe(false);
  });

  it('checks a gym right in the active gym only (an admin holds every right)', () => {
    const right = policy.gymRight('ManageMemberships');
    expect(allows(right, memberManager)).toBe(true);
    expect(allows(right, otherGymManager)).toBe(false);
    expect(allows(right, employee)).toBe(false);
    expect(allows(right, admin)).toBe(true);
    expect(allows(policy.anyGymRight('ManageGymRights', 'ManageMemberships'), memberManager)).toBe(true);
    expect(allows(policy.anyGymRight('ManageGymRights', 'ManageLocationRights'), memberManager)).toBe(false);
  });

  it('checks a location right at the active location, where the gym right of that name counts too', () => {
    const right = policy.locationRight('ManageMemberships');
    expect(allows(right, locationManager)).toBe(true);
    expect(allows(right, otherLocationManager)).toBe(false);
    expect(allows(right, memberManager)).toBe(true);
    expect(allows(right, claims({ activeLocationId: null, gymRights: ['10:ManageMemberships'] }))).toBe(
      false,
    );
  });

  it('checks the right of the environment the user works in for gymOrLocationRight', () => {
    const right = policy.gymOrLocationRight('ManageSubscriptions', 'ManageMemberships');
    expect(allows(right, locationManager)).toBe(true);
    // The location right does not count in the Gym environment, nor the gym right of another name.
    expect(allows(right, { ...locationManager, activeEnvironment: Environment.Gym })).toBe(false);
    expect(allows(right, claims({ gymRights: ['10:ManageSubscriptions'] }))).toBe(true);
    expect(allows(right, memberManager)).toBe(false);
  });
});
