import type { Challenge } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden } from '../../test/expect.ts';
import { cookieHeader } from '../../test/harness.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { locationRightGrants } from '../organisation/organisation.tables.ts';
import {
  api,
  auditRows,
  cookies,
  count,
  create,
  day,
  expectData,
  ids,
  json,
  NOT_AVAILABLE,
  type Page,
  rowOf,
  SPAN,
  seeded,
  signIn,
  t,
  template,
  useTestApp,
  valid,
} from './challenge-test-setup.ts';

useTestApp();

describe('demo data', () => {
  it('seeds challenges for Vitaal Utrecht Centrum and for Bakkerij Jansen, made by their staff', () => {
    expect(seeded.filter((row) => row.locationId === ids.utrecht).length).toBeGreaterThanOrEqual(3);
    expect(seeded.filter((row) => row.employerId === ids.jansen).length).toBeGreaterThanOrEqual(1);
    expect(seeded.every((row) => !row.createdByPlatform)).toBe(true);
  });
});

describe('who may call', () => {
  const calls = (id: number) => [
    (cookie: string) => api.list(cookie),
    (cookie: string) => api.popular(cookie),
    (cookie: string) => api.get(cookie, id),
    (cookie: string) => api.create(cookie, { ...valid, challengeTemplateId: template.steps }),
    (cookie: string) => api.update(cookie, { id, entreoPointsReward: 1 }),
    (cookie: string) => api.toggle(cookie, false, { id }),
    (cookie: string) => api.remove(cookie, id),
  ];

  it('refuses every endpoint without a session (401)', async () => {
    const { id } = await create(cookies.location);
    for (const call of calls(id)) expectFailure(await call(''), 401, 'general', 'auth.signInRequired');
  });

  it('refuses content creators, suppliers, staff in the Gym environment and admins without an owner (403)', async () => {
    const { id } = await create(cookies.location);
    for (const cookie of [cookies.content, cookies.supplier, cookies.gym, cookies.admin])
      for (const call of calls(id)) expectForbidden(await call(cookie));
    expect(await count()).toBe(1);
    expect((await rowOf(id))?.isActive).toBe(true);
  });

  it('refuses an employee whose rights on the active location were taken away (from the next refresh)', async () => {
    const { id } = await create(cookies.location);
    const grants = await t.db
      .select()
      .from(locationRightGrants)
      .where(eq(locationRightGrants.userId, ids.locationUser));
    const login = await signIn('locatie@example.com');
    await t.db.delete(locationRightGrants).where(eq(locationRightGrants.userId, ids.locationUser));
    try {
      const refreshed = await json('POST', '/api/account/cookierefresh', login);
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const claims = refreshed.json().data.claims;
      expect(claims.activeLocationId).toBe(ids.utrecht);
      expect(claims.locationRights).toEqual([]);
      const cookie = cookieHeader(refreshed.cookies, login);
      for (const call of calls(id)) expectForbidden(await call(cookie));
    } finally {
      await t.db.insert(locationRightGrants).values(grants);
    }
  });
});

describe('POST /challenge', () => {
  it('makes a challenge for the active location from the template, with a copy of it, and audits it', async () => {
    const created = await create(cookies.location, { sendNotifications: true });
    expect(created).toMatchObject({
      challengeTemplateId: template.steps,
      locationId: ids.utrecht,
      employerId: null,
      associationId: null,
      hasDate: false,
      startDate: null,
      endDate: null,
      hasFromDate: false,
      fromDate: null,
      fromEndDate: null,
      entreoPointsReward: 20,
      isActive: true,
      sendNotifications: true,
      createdByPlatform: false,
    });
    const source = (
      await t.db.select().from(challengeTemplates).where(eq(challengeTemplates.id, template.steps))
    )[0]!;
    expect(created.challengeTemplatePlainModel).toEqual({
      id: source.id,
      name: source.name,
      description: source.description,
      uniqueFeatureDescription: source.uniqueFeatureDescription,
      activityDescription: source.activityDescription,
      benefitDescription: source.benefitDescription,
      theme: source.theme,
      measurement: source.measurement,
      measurementUnit: source.measurementUnit,
      activity: source.activity,
      difficulty: source.difficulty,
      completionPeriod: source.completionPeriod,
      completionAmount: source.completionAmount,
      frequencyPeriod: source.frequencyPeriod,
      frequencyAmount: source.frequencyAmount,
      frequencyPeriodAmount: source.frequencyPeriodAmount,
      measurementAmount: source.measurementAmount,
      entreoPointsReward: source.entreoPointsReward,
      thirdParty: source.thirdParty,
      challengeBannerHash: source.challengeBannerHash,
    });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ name: 'Tienduizend stappen', createdBy: ids.locationUser });
    expect(expectData(await api.get(cookies.location, created.id))).toEqual(created);
    expect((await auditRows(created.id)).map((entry) => [entry.action, entry.userId])).toEqual([
      ['create', ids.locationUser],
    ]);
  });

  it('keeps both periods when switched on, and drops the dates of a period that is off', async () => {
    const withDates = await create(cookies.location, {
      hasDate: true,
      startDate: day(0),
      endDate: day(9),
      hasFromDate: true,
      fromDate: day(-3),
      fromEndDate: day(20),
    });
    expect(withDates).toMatchObject({
      hasDate: true,
      startDate: day(0),
      endDate: day(9),
      hasFromDate: true,
      fromDate: day(-3),
      fromEndDate: day(20),
    });
    const openEnded = await create(cookies.location, { hasDate: true, startDate: day(0) });
    expect(openEnded).toMatchObject({ hasDate: true, startDate: day(0), endDate: null });
    const off = await create(cookies.location, {
      hasDate: false,
      startDate: day(0),
      endDate: day(9),
      hasFromDate: false,
      fromDate: day(0),
    });
    expect(off).toMatchObject({
      hasDate: false,
      startDate: null,
      endDate: null,
      hasFromDate: false,
      fromDate: null,
    });
    expect(await rowOf(off.id)).toMatchObject({
      startDate: null,
      endDate: null,
      fromDate: null,
      fromEndDate: null,
    });
  });

  it('starts switched off when asked', async () => {
    expect((await create(cookies.location, { isActive: false })).isActive).toBe(false);
  });

  it.each([
    ['missing', undefined, 'validation.required'],
    ['empty', '', 'validation.required'],
    ['letters', 'tien', 'validation.digitsOnly'],
    ['a fraction', '1.5', 'validation.digitsOnly'],
    ['negative', '-3', 'validation.digitsOnly'],
    ['0', '0', 'validation.greaterThanZero'],
    ['100001', '100001', 'validation.tooBig'],
  ])('refuses a reward that is %s', async (_, reward, message) => {
    expectFailure(
      await api.create(cookies.location, { challengeTemplateId: template.steps, entreoPointsReward: reward }),
      400,
      'entreoPointsReward',
      message,
    );
    expect(await count()).toBe(0);
  });

  it('takes 1 and 100000 as a reward', async () => {
    expect((await create(cookies.location, { entreoPointsReward: 1 })).entreoPointsReward).toBe(1);
    expect((await create(cookies.location, { entreoPointsReward: 100000 })).entreoPointsReward).toBe(100000);
  });

  it.each([
    [
      'an active period without a start',
      { hasDate: true, endDate: day(5) },
      [['startDate', 'validation.required']],
    ],
    [
      'a start after the end',
      { hasDate: true, startDate: day(5), endDate: day(4) },
      [
        ['startDate', 'challengeTemplate.errors.startAfterEnd'],
        ['endDate', 'challengeTemplate.errors.endBeforeStart'],
      ],
    ],
    [
      'a visible period without a start',
      { hasFromDate: true, fromEndDate: day(5) },
      [['fromDate', 'validation.required']],
    ],
    [
      'a visible start after its end',
      { hasFromDate: true, fromDate: day(5), fromEndDate: day(4) },
      [
        ['fromDate', 'challengeTemplate.errors.startAfterEnd'],
        ['fromEndDate', 'challengeTemplate.errors.endBeforeStart'],
      ],
    ],
  ])('refuses %s', async (_, fields, expected) => {
    const response = await api.create(cookies.location, {
      ...valid,
      challengeTemplateId: template.steps,
      ...fields,
    });
    for (const [key, message] of expected) expectFailure(response, 400, key!, message!);
    expect(await count()).toBe(0);
  });

  describe('the span rule: the active period spans at least completion amount x days per period', () => {
    it.each([
      ['PerDay x3', 'perDay', 3],
      ['PerWeek x2', 'perWeek', 14],
      ['PerMonth x2', 'perMonth', 60],
    ] as const)('%s (%s): %i days pass, one day less is refused on the end date', async (_, key, days) => {
      const fields = { challengeTemplateId: template[key], hasDate: true, startDate: day(0) };
      const exact = await create(cookies.location, { ...fields, endDate: day(days - 1) });
      expect(exact.endDate).toBe(day(days - 1));
      expectFailure(
        await api.create(cookies.location, { ...valid, ...fields, endDate: day(days - 2) }),
        400,
        'endDate',
        SPAN,
      );
      expect(await count()).toBe(1);
    });

    it('does not apply without dates, without an end date, or with the active period off', async () => {
      await create(cookies.location, { challengeTemplateId: template.perMonth });
      await create(cookies.location, {
        challengeTemplateId: template.perMonth,
        hasDate: true,
        startDate: day(0),
      });
      await create(cookies.location, {
        challengeTemplateId: template.perMonth,
        hasDate: false,
        startDate: day(0),
        endDate: day(1),
      });
      expect(await count()).toBe(3);
    });

    it('uses the template of the demo data too (30 times per day: 30 days)', async () => {
      const fields = { challengeTemplateId: template.walk, hasDate: true, startDate: day(0) };
      expectFailure(
        await api.create(cookies.location, { ...valid, ...fields, endDate: day(28) }),
        400,
        'endDate',
        SPAN,
      );
      await create(cookies.location, { ...fields, endDate: day(29) });
    });
  });

  it.each([
    ['switched off', 'inactive'],
    ['a draft', 'water'],
    ['disabled and switched off', 'fruit'],
  ] as const)('refuses a template that is %s (409) and adds nothing', async (_, key) => {
    expectFailure(
      await api.create(cookies.location, { ...valid, challengeTemplateId: template[key] }),
      409,
      'challengeTemplateId',
      NOT_AVAILABLE,
    );
    expect(await count()).toBe(0);
  });

  it('refuses an unknown template (409)', async () => {
    expectFailure(
      await api.create(cookies.location, { ...valid, challengeTemplateId: 999999 }),
      409,
      'challengeTemplateId',
      NOT_AVAILABLE,
    );
  });

  it('marks the challenges of a platform administrator (createdByPlatform)', async () => {
    const byAdmin = await create(cookies.adminUtrecht);
    expect(byAdmin).toMatchObject({ locationId: ids.utrecht, createdByPlatform: true });
    expect((await create(cookies.location)).createdByPlatform).toBe(false);
    // Both belong to the same location: its staff sees the admin's too.
    expect(expectData<Page<Challenge>>(await api.list(cookies.location)).total).toBe(2);
  });

  it('makes challenges of an employer and of an association', async () => {
    expect(await create(cookies.employer)).toMatchObject({
      employerId: ids.jansen,
      locationId: null,
      associationId: null,
      createdByPlatform: false,
    });
    expect(await create(cookies.adminSportbond)).toMatchObject({
      associationId: ids.sportbond,
      locationId: null,
      employerId: null,
      createdByPlatform: true,
    });
  });

  it.each([
    ['a template id of letters', { challengeTemplateId: 'abc' }, 'challengeTemplateId'],
    ['no template', { challengeTemplateId: undefined }, 'challengeTemplateId'],
    ['a date that is none', { hasDate: true, startDate: 'morgen' }, 'startDate'],
    ['a flag that is no boolean', { hasDate: 'misschien' }, 'hasDate'],
    ['a flag of sendNotifications that is no boolean', { sendNotifications: '1' }, 'sendNotifications'],
  ])('answers 400, not 500, for %s', async (_, fields, key) => {
    const response = await api.create(cookies.location, {
      ...valid,
      challengeTemplateId: template.steps,
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.map((error: { key: string }) => error.key)).toContain(key);
    expect(await count()).toBe(0);
  });

  it('answers 400 or 415, not 500, for a body that is no form', async () => {
    const asJson = await json('POST', '/api/challenge', cookies.location, {
      challengeTemplateId: template.steps,
      entreoPointsReward: 5,
    });
    expect([400, 415]).toContain(asJson.statusCode);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/challenge',
      headers: { cookie: cookies.location, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="entreoPointsReward"\r\n\r\n5',
    });
    expect(broken.statusCode, broken.body).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode, broken.body).toBeLessThan(500);
    expect(await count()).toBe(0);
  });
});
