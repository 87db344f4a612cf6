import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_SPAN_ERROR,
  challengeCreateForm,
  challengeFormFor,
  challengeOwnerOf,
  challengeToggleParams,
  checkChallengeRules,
  minimumChallengeDays,
  spanInDays,
} from './challenge.ts';
import { Environment, GoalPeriod } from './enums.ts';
import type { Claims } from './session.ts';
import './zod-setup.ts';

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

describe('challengeOwnerOf', () => {
  const inLocation = { activeEnvironment: Environment.Location, activeLocationId: 20 };

  it('is the active location for its staff (any right on it, or any right in its gym) and for admins', () => {
    expect(challengeOwnerOf(claims({ ...inLocation, locationRights: ['20:ManageLessons'] }))).toEqual({
      kind: 'location',
      id: 20,
    });
    expect(challengeOwnerOf(claims({ ...inLocation, gymRights: ['10:ManageMembers'] }))).toEqual({
      kind: 'location',
      id: 20,
    });
    expect(challengeOwnerOf(claims({ ...inLocation, role: 'Admin' }))).toEqual({ kind: 'location', id: 20 });
  });

  it('is null for an employee without a right on the active location, and without an active location', () => {
    expect(challengeOwnerOf(claims({ ...inLocation, locationRights: ['21:ManageLessons'] }))).toBeNull();
    expect(challengeOwnerOf(claims(inLocation))).toBeNull();
    expect(
      challengeOwnerOf(
        claims({ ...inLocation, activeLocationId: null, locationRights: ['20:ManageLessons'] }),
      ),
    ).toBeNull();
  });

  it('is null in the Location environment for the other roles', () => {
    for (const role of ['Employer', 'Supplier', 'ContentCreator'] as const)
      expect(
        challengeOwnerOf(claims({ ...inLocation, role, locationRights: ['20:ManageLessons'] })),
      ).toBeNull();
  });

  it('is the active employer for employers and admins', () => {
    const inEmployer = { activeEnvironment: Environment.Employer, activeEmployerId: 30 };
    expect(challengeOwnerOf(claims({ ...inEmployer, role: 'Employer' }))).toEqual({
      kind: 'employer',
      id: 30,
    });
    expect(challengeOwnerOf(claims({ ...inEmployer, role: 'Admin' }))).toEqual({ kind: 'employer', id: 30 });
    expect(challengeOwnerOf(claims({ ...inEmployer, role: 'Employee' }))).toBeNull();
    expect(challengeOwnerOf(claims({ ...inEmployer, role: 'Employer', activeEmployerId: null }))).toBeNull();
  });

  it('is the active association for admins only', () => {
    const inAssociation = { activeEnvironment: Environment.Association, activeAssociationId: 40 };
    expect(challengeOwnerOf(claims({ ...inAssociation, role: 'Admin' }))).toEqual({
      kind: 'association',
      id: 40,
    });
    expect(challengeOwnerOf(claims({ ...inAssociation, role: 'Employee' }))).toBeNull();
    expect(
      challengeOwnerOf(claims({ ...inAssociation, role: 'Admin', activeAssociationId: null })),
    ).toBeNull();
  });

  it('is null in every other environment, for admins too', () => {
    for (const environment of [
      Environment.Admin,
      Environment.Gym,
      Environment.Customer,
      Environment.TipsAndTricks,
      Environment.Content,
      Environment.Supplier,
    ])
      expect(
        challengeOwnerOf(
          claims({
            role: 'Admin',
            activeEnvironment: environment,
            activeLocationId: 20,
            activeEmployerId: 30,
            activeAssociationId: 40,
          }),
        ),
      ).toBeNull();
  });
});

describe('minimumChallengeDays', () => {
  it('is the completion amount times 1, 7 or 30 days', () => {
    expect(minimumChallengeDays({ completionPeriod: GoalPeriod.PerDay, completionAmount: 1 })).toBe(1);
    expect(minimumChallengeDays({ completionPeriod: GoalPeriod.PerDay, completionAmount: 5 })).toBe(5);
    expect(minimumChallengeDays({ completionPeriod: GoalPeriod.PerWeek, completionAmount: 3 })).toBe(21);
    expect(minimumChallengeDays({ completionPeriod: GoalPeriod.PerMonth, completionAmount: 2 })).toBe(60);
  });
});

describe('spanInDays', () => {
  it('counts both the first and the last day', () => {
    expect(spanInDays(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-01T00:00:00Z'))).toBe(1);
    expect(spanInDays(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-07T00:00:00Z'))).toBe(7);
  });

  it('is not thrown off by a change of summer time between the dates', () => {
    // Midnight in Amsterdam: the spring night has 23 hours, the autumn night 25.
    expect(spanInDays(new Date('2026-03-28T00:00:00+01:00'), new Date('2026-03-30T00:00:00+02:00'))).toBe(3);
    expect(spanInDays(new Date('2026-10-24T00:00:00+02:00'), new Date('2026-10-26T00:00:00+01:00'))).toBe(3);
  });
});

describe('checkChallengeRules', () => {
  const issuesOf = (
    value: Parameters<typeof checkChallengeRules>[0],
    template?: Parameters<typeof checkChallengeRules>[1],
  ) => {
    const issues: [string, string][] = [];
    checkChallengeRules(value, template, (path, message) => issues.push([path, message]));
    return issues;
  };
  const weekly = { completionPeriod: GoalPeriod.PerWeek, completionAmount: 2 };
  const start = new Date('2026-03-02T00:00:00Z');
  const day = (n: number) => new Date(start.getTime() + n * 86_400_000);

  it('checks the two date pairs', () => {
    expect(issuesOf({ hasDate: true })).toEqual([['startDate', 'validation.required']]);
    expect(issuesOf({ hasFromDate: true, fromDate: day(3), fromEndDate: day(1) })).toEqual([
      ['fromDate', 'challengeTemplate.errors.startAfterEnd'],
      ['fromEndDate', 'challengeTemplate.errors.endBeforeStart'],
    ]);
    expect(issuesOf({ hasDate: false, hasFromDate: false, endDate: day(-5) })).toEqual([]);
  });

  it('with a template: the active period spans at least the minimum days, reported on the end date', () => {
    expect(issuesOf({ hasDate: true, startDate: start, endDate: day(13) }, weekly)).toEqual([]);
    expect(issuesOf({ hasDate: true, startDate: start, endDate: day(12) }, weekly)).toEqual([
      ['endDate', CHALLENGE_SPAN_ERROR],
    ]);
  });

  it('has no span rule without a template, without an active period or without an end date', () => {
    expect(issuesOf({ hasDate: true, startDate: start, endDate: day(1) })).toEqual([]);
    expect(issuesOf({ hasDate: false, startDate: start, endDate: day(1) }, weekly)).toEqual([]);
    expect(issuesOf({ hasDate: true, startDate: start }, weekly)).toEqual([]);
  });

  it('says nothing of the span while a date pair is wrong', () => {
    expect(issuesOf({ hasDate: true, startDate: day(2), endDate: day(1) }, weekly)).toEqual([
      ['startDate', 'challengeTemplate.errors.startAfterEnd'],
      ['endDate', 'challengeTemplate.errors.endBeforeStart'],
    ]);
  });
});

describe('form schemas', () => {
  it('challengeFormFor applies the span rule of its template to form values', () => {
    const form = challengeFormFor({ completionPeriod: GoalPeriod.PerMonth, completionAmount: 1 });
    const base = { entreoPointsReward: '10', hasDate: 'true', startDate: '2026-03-01' };
    expect(form.safeParse({ ...base, endDate: '2026-03-30' }).success).toBe(true);
    const short = form.safeParse({ ...base, endDate: '2026-03-29' });
    expect(short.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['endDate', CHALLENGE_SPAN_ERROR],
    ]);
  });

  it('challengeCreateForm takes form text parts and needs a template', () => {
    const parsed = challengeCreateForm.parse({
      challengeTemplateId: '4',
      entreoPointsReward: '25',
      isActive: 'false',
    });
    expect(parsed).toMatchObject({ challengeTemplateId: 4, entreoPointsReward: 25, isActive: false });
    expect(challengeCreateForm.safeParse({ entreoPointsReward: '25' }).success).toBe(false);
  });

  it('challengeToggleParams reads true and false only', () => {
    expect(challengeToggleParams.parse({ isActive: 'true' })).toEqual({ isActive: true });
    expect(challengeToggleParams.parse({ isActive: 'false' })).toEqual({ isActive: false });
    expect(challengeToggleParams.safeParse({ isActive: 'yes' }).success).toBe(false);
  });
});
