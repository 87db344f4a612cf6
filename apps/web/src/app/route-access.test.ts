import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import { Environment } from '@xp/contracts';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { describe, expect, it } from 'vitest';
import { requireAccess, requireEnvironment, requireSession } from './route-access';
import type { RouterContext } from './router-context';
import { createSessionStore } from './session-store';
import { admin, testClaims } from './test-support/claims';

const input = (claims: ReturnType<typeof testClaims> | null, href = '/location') => ({
  context: { session: createSessionStore(claims), queryClient: undefined as never } satisfies RouterContext,
  location: { href } as ParsedLocation,
});

function redirectOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isRedirect(error)) return error.options;
    throw error;
  }
  return null;
}

describe('requireSession', () => {
  it('sends a visitor without a session to the login page with the path to return to', () => {
    const target = redirectOf(() => requireSession(input(null, '/location/areas?page=2')));
    expect(target).toMatchObject({
      to: '/account/login/$redirectUrl',
      params: { redirectUrl: '/location/areas?page=2' },
    });
  });

  it('sends a visitor of / to the plain login page (their own home comes after login)', () => {
    expect(redirectOf(() => requireSession(input(null, '/')))).toMatchObject({ to: '/account/login' });
  });

  it('lets a signed-in user through', () => {
    expect(redirectOf(() => requireSession(input(testClaims())))).toBeNull();
  });
});

describe('requireEnvironment', () => {
  it('lets an admin into every environment', () => {
    for (const environment of Object.values(Environment)) {
      expect(redirectOf(() => requireEnvironment(environment)(input(admin())))).toBeNull();
    }
  });

  it('sends a role to its own home path', () => {
    const employer = testClaims({ role: 'Employer', activeEnvironment: Environment.Employer });
    expect(redirectOf(() => requireEnvironment(Environment.Admin)(input(employer)))).toMatchObject({
      href: '/employer',
    });
    const supplier = testClaims({ role: 'Supplier', activeEnvironment: Environment.Supplier });
    expect(redirectOf(() => requireEnvironment(Environment.Gym)(input(supplier)))).toMatchObject({
      href: '/supplier',
    });
  });

  it('lets a location employee into the location tree of their active location only', () => {
    const employee = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLocationAreas'],
    });
    expect(redirectOf(() => requireEnvironment(Environment.Location)(input(employee)))).toBeNull();
    expect(redirectOf(() => requireEnvironment(Environment.Content)(input(employee)))).toMatchObject({
      href: '/location',
    });
  });

  it('never loops: without access to its own home tree an employee goes to /', () => {
    const lost = testClaims({ activeEnvironment: Environment.Location, activeLocationId: null });
    expect(redirectOf(() => requireEnvironment(Environment.Location)(input(lost)))).toMatchObject({
      href: '/',
    });
    expect(redirectOf(() => requireEnvironment(Environment.Gym)(input(lost)))).toBeNull();
  });
});

describe('requireAccess', () => {
  const areas = requireAccess(policies.locationAreaList);
  const deskEmployee = (locationRights: string[]) =>
    testClaims({ activeEnvironment: Environment.Location, activeLocationId: 5, locationRights });

  it("lets in who may call the screen's list endpoint (allows), and sends others to their home path", () => {
    expect(redirectOf(() => areas(input(deskEmployee(['5:ManageLocationAreas']))))).toBeNull();
    expect(redirectOf(() => areas(input(admin())))).toBeNull();
    expect(redirectOf(() => areas(input(deskEmployee(['5:ManageLessons']))))).toMatchObject({
      href: '/location',
    });
    // The right at another location does not count: the endpoint works at the active one.
    expect(redirectOf(() => areas(input(deskEmployee(['6:ManageLocationAreas']))))).toMatchObject({
      href: '/location',
    });
  });

  it('takes a rule of its own where a screen needs one', () => {
    const onlyAdmins = requireAccess((claims) => claims.role === 'Admin');
    expect(redirectOf(() => onlyAdmins(input(admin())))).toBeNull();
    expect(redirectOf(() => onlyAdmins(input(deskEmployee(['5:ManageLocationAreas']))))).toMatchObject({
      href: '/location',
    });
  });
});
