import { Environment, type SwitchOptions } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { admin, testClaims } from '../test-support/claims';
import { environmentChoices, locationChoices, MAIN_LOCATION, visibleSwitchers } from './switcher-rules';

const options = (overrides: Partial<SwitchOptions> = {}): SwitchOptions => ({
  gyms: [{ id: 10, name: 'Fitland Utrecht' }],
  locations: [
    { id: 5, name: 'Utrecht Centrum' },
    { id: 6, name: 'Utrecht Overvecht' },
  ],
  employers: [],
  associations: [],
  contentEnvironments: [],
  suppliers: [],
  ...overrides,
});

describe('environmentChoices', () => {
  it('offers an admin Admin, Gym, Association, Employer, Content and Supplier, not TipsAndTricks', () => {
    expect(environmentChoices(admin())).toEqual([
      Environment.Admin,
      Environment.Gym,
      Environment.Association,
      Environment.Employer,
      Environment.Content,
      Environment.Supplier,
    ]);
  });

  it('offers a non-admin with gym rights the Gym entry only', () => {
    expect(environmentChoices(testClaims({ gymRights: ['10:ManageMembers'] }))).toEqual([Environment.Gym]);
  });

  it('offers nothing to others', () => {
    expect(environmentChoices(testClaims({ locationRights: ['5:ManageLessons'] }))).toEqual([]);
    expect(environmentChoices(testClaims({ role: 'Employer' }))).toEqual([]);
  });
});

describe('locationChoices', () => {
  it("starts with 'Hoofdlocatie' for gym staff and admins", () => {
    const list = options().locations;
    expect(
      locationChoices(testClaims({ gymRights: ['10:ManageMembers'] }), list).map((c) => c.value),
    ).toEqual([MAIN_LOCATION, '5', '6']);
    expect(locationChoices(admin(), list)[0]?.value).toBe(MAIN_LOCATION);
  });

  it('offers a location employee only their locations', () => {
    const claims = testClaims({ locationRights: ['5:ManageLessons'] });
    expect(locationChoices(claims, [{ id: 5, name: 'Utrecht Centrum' }])).toEqual([
      { value: '5', name: 'Utrecht Centrum' },
    ]);
  });
});

describe('visibleSwitchers', () => {
  it('shows a gym employee the environment (Gym only) and location switchers, no gym switcher for one gym', () => {
    const visible = visibleSwitchers(testClaims({ gymRights: ['10:ManageMembers'] }), options());
    expect(visible).toMatchObject({ environment: true, gym: false, location: true, employer: false });
  });

  it('shows the gym switcher with more than one gym, or to an admin', () => {
    const twoGyms = options({
      gyms: [
        { id: 10, name: 'Fitland Utrecht' },
        { id: 11, name: 'Fitland Zeist' },
      ],
    });
    expect(visibleSwitchers(testClaims({ gymRights: ['10:ManageMembers'] }), twoGyms).gym).toBe(true);
    expect(visibleSwitchers(admin(), options()).gym).toBe(true);
    expect(visibleSwitchers(admin({ activeEnvironment: Environment.Location }), options()).gym).toBe(true);
    expect(visibleSwitchers(admin({ activeEnvironment: Environment.Admin }), options()).gym).toBe(false);
  });

  it('hides the location switcher from a location employee with one location', () => {
    const claims = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    });
    const visible = visibleSwitchers(claims, options({ locations: [{ id: 5, name: 'Utrecht Centrum' }] }));
    expect(visible).toMatchObject({ environment: false, gym: false, location: false });
  });

  it('shows the employer switcher in the Employer environment, the association switcher in Association', () => {
    const list = options({
      employers: [{ id: 1, name: 'Bouwbedrijf Jansen' }],
      associations: [{ id: 2, name: 'Hockeyclub Zeist' }],
    });
    expect(visibleSwitchers(admin({ activeEnvironment: Environment.Employer }), list)).toMatchObject({
      employer: true,
      association: false,
      gym: false,
      location: false,
    });
    expect(visibleSwitchers(admin({ activeEnvironment: Environment.Association }), list)).toMatchObject({
      employer: false,
      association: true,
    });
    // An employer with one employer has nothing to switch.
    expect(
      visibleSwitchers(testClaims({ role: 'Employer', activeEnvironment: Environment.Employer }), list),
    ).toMatchObject({ employer: false, environment: false });
  });

  it('shows nothing while the options are loading, except the environment switcher', () => {
    expect(visibleSwitchers(admin(), undefined)).toEqual({
      environment: true,
      gym: false,
      location: false,
      employer: false,
      association: false,
      contentEnvironment: false,
      supplier: false,
    });
  });
});
