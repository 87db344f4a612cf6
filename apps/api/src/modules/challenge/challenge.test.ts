import {
  Activity,
  type Challenge,
  Difficulty,
  GoalPeriod,
  MeasurementType,
  MeasurementUnit,
  type PopularChallengeTemplate,
  PublicationStatus,
  TemplateMeasurementPeriod,
  Theme,
} from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { demoSignIn, expectFailure, expectForbidden, expectData as expectOk } from '../../test/expect.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import {
  associations,
  employers,
  locationRightGrants,
  locations,
} from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { challenges } from './challenge.tables.ts';

let t: TestApp;
const NOT_FOUND = 'challenge.errors.notFound';
const NOT_AVAILABLE = 'challenge.errors.templateNotAvailable';
const SPAN = 'challenge.step2.validateDate';

const ids = {
  utrecht: 0,
  amersfoort: 0,
  jansen: 0,
  vandenBerg: 0,
  sportbond: 0,
  gezondZwolle: 0,
  locationUser: 0,
};
/** The demo templates by name (seed/challenge-templates.ts) and the test's own. */
const template = {
  walk: 0, // Published, PerDay x30
  steps: 0, // Published, PerDay x1
  meditate: 0, // Published, PerWeek x4
  water: 0, // Draft
  fruit: 0, // Disabled, inactive
  perDay: 0, // Published, PerDay x3
  perWeek: 0, // Published, PerWeek x2
  perMonth: 0, // Published, PerMonth x2
  inactive: 0, // Published, inactive
};
let seeded: {
  name: string;
  locationId: number | null;
  employerId: number | null;
  createdByPlatform: boolean;
}[] = [];
const cookies = {
  /** locatie@: staff of Vitaal Utrecht Centrum, in its Location environment. */
  location: '',
  /** gym@ switched to Vitaal Amersfoort: staff of another location. */
  amersfoort: '',
  /** gym@ as it signs in: the Gym environment. */
  gym: '',
  /** werkgever@: Bakkerij Jansen. */
  employer: '',
  /** The admin in the Admin environment, and switched to Utrecht, Van den Berg and the two associations. */
  admin: '',
  adminUtrecht: '',
  adminVandenBerg: '',
  adminSportbond: '',
  adminGezondZwolle: '',
  content: '',
  supplier: '',
};

/** Every sign-in from its own address, so the per-address login limit never interferes. */
const signIn = demoSignIn(() => t, 67);

const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function switched(cookie: string, path: string, body: object) {
  const response = await json('PUT', `/api/Account/${path}`, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies, cookie);
}

const templateBase = {
  description: 'Een template voor de tests',
  theme: Theme.Movement,
  measurement: MeasurementType.Amount,
  measurementUnit: MeasurementUnit.Steps,
  activity: Activity.Walk,
  difficulty: Difficulty.Beginner,
  status: PublicationStatus.Published,
  frequencyPeriod: TemplateMeasurementPeriod.PerDay,
  frequencyAmount: 1,
  frequencyPeriodAmount: 1,
  measurementAmount: 1000,
  entreoPointsReward: 5,
};
const addTemplate = async (values: Partial<typeof challengeTemplates.$inferInsert> & { name: string }) =>
  (
    await t.db
      .insert(challengeTemplates)
      .values({ ...templateBase, completionPeriod: GoalPeriod.PerDay, completionAmount: 1, ...values })
      .returning({ id: challengeTemplates.id })
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  const locationRows = await t.db.select({ id: locations.id, name: locations.name }).from(locations);
  ids.utrecht = locationRows.find((row) => row.name === 'Vitaal Utrecht Centrum')!.id;
  ids.amersfoort = locationRows.find((row) => row.name === 'Vitaal Amersfoort')!.id;
  const employerRows = await t.db.select().from(employers);
  ids.jansen = employerRows.find((row) => row.name === 'Bakkerij Jansen B.V.')!.id;
  ids.vandenBerg = employerRows.find((row) => row.name === 'Van den Berg Logistiek')!.id;
  const associationRows = await t.db.select().from(associations);
  ids.sportbond = associationRows.find((row) => row.name === 'Sportbond Midden-Nederland')!.id;
  ids.gezondZwolle = associationRows.find((row) => row.name === 'Gezond Zwolle')!.id;
  ids.locationUser = (await t.db.select().from(users).where(eq(users.email, 'locatie@example.com')))[0]!.id;

  const templateRows = await t.db.select().from(challengeTemplates);
  const templateId = (name: string) => templateRows.find((row) => row.name === name)!.id;
  template.walk = templateId('Dagelijks vijf kilometer wandelen');
  template.steps = templateId('Tienduizend stappen');
  template.meditate = templateId('Tien minuten mediteren');
  template.water = templateId('Twee liter water per dag');
  template.fruit = templateId('Fruit bij de lunch');
  template.perDay = await addTemplate({ name: 'Drie dagen', completionAmount: 3 });
  template.perWeek = await addTemplate({
    name: 'Twee weken',
    completionPeriod: GoalPeriod.PerWeek,
    completionAmount: 2,
    theme: Theme.Relaxation,
    measurement: MeasurementType.Duration,
    measurementUnit: MeasurementUnit.Minutes,
    activity: Activity.Meditation,
  });
  template.perMonth = await addTemplate({
    name: 'Twee maanden',
    completionPeriod: GoalPeriod.PerMonth,
    completionAmount: 2,
  });
  template.inactive = await addTemplate({ name: 'Uitgezet', isActive: false });

  // The demo challenges (seed/challenges.ts) are checked once, then removed so every test starts empty.
  seeded = await t.db
    .select({
      name: challenges.name,
      locationId: challenges.locationId,
      employerId: challenges.employerId,
      createdByPlatform: challenges.createdByPlatform,
    })
    .from(challenges);
  await t.db.delete(challenges);

  cookies.location = await signIn('locatie@example.com');
  cookies.gym = await signIn('gym@example.com');
  cookies.amersfoort = await switched(await signIn('gym@example.com'), 'SwitchActiveLocation', {
    locationId: ids.amersfoort,
  });
  cookies.employer = await signIn('werkgever@example.com');
  cookies.admin = await signIn('admin@example.com');
  cookies.adminUtrecht = await switched(await signIn('admin@example.com'), 'SwitchActiveLocation', {
    locationId: ids.utrecht,
  });
  cookies.adminVandenBerg = await switched(await signIn('admin@example.com'), 'SwitchActiveEmployer', {
    employerId: ids.vandenBerg,
  });
  cookies.adminSportbond = await switched(await signIn('admin@example.com'), 'SwitchActiveAssociation', {
    associationId: ids.sportbond,
  });
  cookies.adminGezondZwolle = await switched(await signIn('admin@example.com'), 'SwitchActiveAssociation', {
    associationId: ids.gezondZwolle,
  });
  cookies.content = await signIn('content@example.com');
  cookies.supplier = await signIn('leverancier@example.com');
});
afterEach(async () => {
  await t.db.delete(challenges);
  await t.db.delete(auditLog).where(eq(auditLog.entity, 'Challenge'));
});
afterAll(() => t.close());

type Part = Parameters<typeof multipart>[0][number];
type Fields = Record<string, string | number | boolean | undefined>;

/** Only defined fields are sent, each as a text part. */
const textParts = (fields: Fields): Part[] =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: String(value) }));

const send = (method: 'POST' | 'PUT', cookie: string, fields: Fields) => {
  const body = multipart(textParts(fields), cookie ? { cookie } : {});
  return t.app.inject({ method, url: '/api/challenge', payload: body.payload, headers: body.headers });
};

const api = {
  list: (cookie: string, query = '') => json('GET', `/api/challenge${query}`, cookie),
  popular: (cookie: string, query = '') => json('GET', `/api/challenge/popular${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/challenge/${id}`, cookie),
  create: (cookie: string, fields: Fields) => send('POST', cookie, fields),
  update: (cookie: string, fields: Fields) => send('PUT', cookie, fields),
  toggle: (cookie: string, isActive: boolean | string, body: unknown) =>
    json('PUT', `/api/challenge/${isActive}`, cookie, body),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/challenge/${id}`, cookie),
};

const expectData = <T = Challenge>(response: LightMyRequestResponse): T => expectOk<T>(response);
type Page<T> = { items: T[]; total: number; tabCounts?: Record<string, number> };

const valid: Fields = { challengeTemplateId: 0, entreoPointsReward: 20 };
const create = async (cookie: string, fields: Fields = {}) =>
  expectData(await api.create(cookie, { ...valid, challengeTemplateId: template.steps, ...fields }));

const rowOf = async (id: number) => (await t.db.select().from(challenges).where(eq(challenges.id, id)))[0];
const count = async () => (await t.db.select({ id: challenges.id }).from(challenges)).length;
const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'Challenge'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

/** An ISO date `days` after 2027-03-01 (UTC midnight). */
const day = (days: number) => new Date(Date.UTC(2027, 2, 1 + days)).toISOString();

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

describe('GET /challenge', () => {
  const seed = async () => {
    const a = await create(cookies.location, { challengeTemplateId: template.steps, entreoPointsReward: 30 });
    const b = await create(cookies.location, {
      challengeTemplateId: template.meditate,
      entreoPointsReward: 10,
      hasDate: true,
      startDate: day(10),
      endDate: day(60),
    });
    const c = await create(cookies.location, {
      challengeTemplateId: template.walk,
      entreoPointsReward: 20,
      isActive: false,
      hasDate: true,
      startDate: day(0),
      endDate: day(40),
    });
    // Another owner's challenge never shows.
    await create(cookies.employer, { challengeTemplateId: template.steps });
    return { a, b, c };
  };
  const names = (response: LightMyRequestResponse) =>
    expectData<Page<Challenge>>(response).items.map((item) => item.challengeTemplatePlainModel.name);

  it('lists the owner’s challenges, newest first, with tab counts', async () => {
    await seed();
    const page = expectData<Page<Challenge>>(await api.list(cookies.location));
    expect(page.items.map((item) => item.challengeTemplatePlainModel.name)).toEqual([
      'Dagelijks vijf kilometer wandelen',
      'Tien minuten mediteren',
      'Tienduizend stappen',
    ]);
    expect(page.total).toBe(3);
    expect(page.tabCounts).toEqual({ all: 3, active: 2, inactive: 1 });
  });

  it('filters on the active flag, keeping the tab counts of the search', async () => {
    await seed();
    const active = expectData<Page<Challenge>>(await api.list(cookies.location, '?isActive=true'));
    expect(active.items.map((item) => item.isActive)).toEqual([true, true]);
    expect(active.total).toBe(2);
    expect(active.tabCounts).toEqual({ all: 3, active: 2, inactive: 1 });
    expect(names(await api.list(cookies.location, '?isActive=false'))).toEqual([
      'Dagelijks vijf kilometer wandelen',
    ]);
  });

  it('searches on the template name, case-insensitively, wildcards taken literally', async () => {
    await seed();
    const found = expectData<Page<Challenge>>(await api.list(cookies.location, '?search=TIEN'));
    expect(found.items.map((item) => item.challengeTemplatePlainModel.name)).toEqual([
      'Tien minuten mediteren',
      'Tienduizend stappen',
    ]);
    expect(found.tabCounts).toEqual({ all: 2, active: 2, inactive: 0 });
    expect(expectData<Page<Challenge>>(await api.list(cookies.location, '?search=%25')).total).toBe(0);
  });

  it('sorts on name, start date, reward and creation, both ways', async () => {
    await seed();
    expect(names(await api.list(cookies.location, '?sort=name'))).toEqual([
      'Dagelijks vijf kilometer wandelen',
      'Tien minuten mediteren',
      'Tienduizend stappen',
    ]);
    expect(names(await api.list(cookies.location, '?sort=name&direction=desc'))).toEqual([
      'Tienduizend stappen',
      'Tien minuten mediteren',
      'Dagelijks vijf kilometer wandelen',
    ]);
    expect(names(await api.list(cookies.location, '?sort=entreoPointsReward'))).toEqual([
      'Tien minuten mediteren',
      'Dagelijks vijf kilometer wandelen',
      'Tienduizend stappen',
    ]);
    expect(names(await api.list(cookies.location, '?sort=startDate'))).toEqual([
      'Dagelijks vijf kilometer wandelen',
      'Tien minuten mediteren',
      'Tienduizend stappen',
    ]);
    expect(names(await api.list(cookies.location, '?sort=createdAt'))).toEqual([
      'Tienduizend stappen',
      'Tien minuten mediteren',
      'Dagelijks vijf kilometer wandelen',
    ]);
    expectFailure(await api.list(cookies.location, '?sort=theme'), 400, 'sort', 'validation.invalidValue');
  });

  it('pages', async () => {
    await seed();
    const second = expectData<Page<Challenge>>(
      await api.list(cookies.location, '?sort=name&page=2&pageSize=2'),
    );
    expect(second.items.map((item) => item.challengeTemplatePlainModel.name)).toEqual([
      'Tienduizend stappen',
    ]);
    expect(second.total).toBe(3);
  });
});

describe('PUT /challenge', () => {
  it('changes the fields; the template and its copy stay as they were, and the change is audited', async () => {
    const created = await create(cookies.location, { challengeTemplateId: template.steps });
    await t.db
      .update(challengeTemplates)
      .set({ name: 'Anders genoemd' })
      .where(eq(challengeTemplates.id, template.steps));
    try {
      // The template is not the edit form's: a part naming it is refused (no part the form does not take is
      // read, decision 005) and changes nothing.
      expectFailure(
        await api.update(cookies.location, {
          id: created.id,
          challengeTemplateId: template.walk,
          entreoPointsReward: 99,
        }),
        400,
        'general',
        'validation.unknownField',
      );
      const updated = expectData(
        await api.update(cookies.location, {
          id: created.id,
          entreoPointsReward: 99,
          hasDate: true,
          startDate: day(0),
          endDate: day(3),
          sendNotifications: true,
        }),
      );
      expect(updated).toMatchObject({
        id: created.id,
        challengeTemplateId: template.steps,
        entreoPointsReward: 99,
        hasDate: true,
        startDate: day(0),
        endDate: day(3),
        sendNotifications: true,
        isActive: true,
      });
      expect(updated.challengeTemplatePlainModel).toEqual(created.challengeTemplatePlainModel);
      expect((await rowOf(created.id))?.name).toBe('Tienduizend stappen');
      expect((await auditRows(created.id)).map((entry) => entry.action)).toEqual(['create', 'update']);
    } finally {
      await t.db
        .update(challengeTemplates)
        .set({ name: 'Tienduizend stappen' })
        .where(eq(challengeTemplates.id, template.steps));
    }
  });

  it('keeps the active flag unless it is sent, and drops the dates of a period switched off', async () => {
    const created = await create(cookies.location, {
      isActive: false,
      hasDate: true,
      startDate: day(0),
      hasFromDate: true,
      fromDate: day(0),
    });
    const updated = expectData(await api.update(cookies.location, { id: created.id, entreoPointsReward: 5 }));
    expect(updated).toMatchObject({
      isActive: false,
      hasDate: false,
      startDate: null,
      hasFromDate: false,
      fromDate: null,
    });
    expect(
      expectData(
        await api.update(cookies.location, { id: created.id, entreoPointsReward: 5, isActive: true }),
      ).isActive,
    ).toBe(true);
  });

  it('applies the span rule with the copy of the template, not the template as it is now', async () => {
    const created = await create(cookies.location, { challengeTemplateId: template.perWeek });
    await t.db
      .update(challengeTemplates)
      .set({ completionAmount: 1 })
      .where(eq(challengeTemplates.id, template.perWeek));
    try {
      const fields = { id: created.id, entreoPointsReward: 5, hasDate: true, startDate: day(0) };
      expectFailure(
        await api.update(cookies.location, { ...fields, endDate: day(12) }),
        400,
        'endDate',
        SPAN,
      );
      expect(expectData(await api.update(cookies.location, { ...fields, endDate: day(13) })).endDate).toBe(
        day(13),
      );
    } finally {
      await t.db
        .update(challengeTemplates)
        .set({ completionAmount: 2 })
        .where(eq(challengeTemplates.id, template.perWeek));
    }
  });

  it('refuses wrong fields (400) and an unknown challenge (404)', async () => {
    const created = await create(cookies.location);
    expectFailure(
      await api.update(cookies.location, { id: created.id, entreoPointsReward: '0' }),
      400,
      'entreoPointsReward',
      'validation.greaterThanZero',
    );
    expectFailure(
      await api.update(cookies.location, {
        id: created.id,
        entreoPointsReward: 5,
        hasDate: true,
        startDate: day(3),
        endDate: day(2),
      }),
      400,
      'endDate',
      'challengeTemplate.errors.endBeforeStart',
    );
    const idIsText = await api.update(cookies.location, { id: 'abc', entreoPointsReward: 5 });
    expect(idIsText.statusCode, idIsText.body).toBe(400);
    expectFailure(
      await api.update(cookies.location, { id: 999999, entreoPointsReward: 5 }),
      404,
      'general',
      NOT_FOUND,
    );
    expect((await rowOf(created.id))?.entreoPointsReward).toBe(20);
  });
});

describe('PUT /challenge/{isActive}', () => {
  it('switches a challenge off and on, audited', async () => {
    const created = await create(cookies.location);
    expect(expectData(await api.toggle(cookies.location, false, { id: created.id })).isActive).toBe(false);
    expect((await rowOf(created.id))?.isActive).toBe(false);
    expect(expectData(await api.toggle(cookies.location, true, { id: created.id })).isActive).toBe(true);
    expect((await auditRows(created.id)).map((entry) => entry.action)).toEqual([
      'create',
      'update',
      'update',
    ]);
  });

  it('refuses a path that is not true or false, a body without an id (400) and an unknown id (404)', async () => {
    const created = await create(cookies.location);
    expect((await api.toggle(cookies.location, 'ja', { id: created.id })).statusCode).toBe(400);
    expect((await api.toggle(cookies.location, false, {})).statusCode).toBe(400);
    expect((await api.toggle(cookies.location, false, { id: 'abc' })).statusCode).toBe(400);
    expectFailure(await api.toggle(cookies.location, false, { id: 999999 }), 404, 'general', NOT_FOUND);
    expect((await rowOf(created.id))?.isActive).toBe(true);
  });
});

describe('GET and DELETE /challenge/{id}', () => {
  it('gets one challenge and deletes it, audited', async () => {
    const created = await create(cookies.location);
    expect(expectData(await api.get(cookies.location, created.id))).toEqual(created);
    expect(expectData(await api.remove(cookies.location, created.id))).toBeNull();
    expect(await rowOf(created.id)).toBeUndefined();
    expect((await auditRows(created.id)).map((entry) => entry.action)).toEqual(['create', 'delete']);
    expectFailure(await api.get(cookies.location, created.id), 404, 'general', NOT_FOUND);
    expectFailure(await api.remove(cookies.location, created.id), 404, 'general', NOT_FOUND);
  });

  it('answers 400 for an id that is no number', async () => {
    expect((await api.get(cookies.location, 'abc')).statusCode).toBe(400);
    expect((await api.remove(cookies.location, 'abc')).statusCode).toBe(400);
  });
});

describe('each owner its own challenges', () => {
  it.each([
    ['location A', 'location B', 'location', 'amersfoort'],
    ['employer A', 'employer B', 'employer', 'adminVandenBerg'],
    ['association A', 'association B', 'adminSportbond', 'adminGezondZwolle'],
  ] as const)(
    '%s’s challenge: %s cannot see, get, change, toggle or delete it (404)',
    async (_, __, owner, other) => {
      const created = await create(cookies[owner], { entreoPointsReward: 20 });
      const mine = await create(cookies[other], { entreoPointsReward: 7 });
      const page = expectData<Page<Challenge>>(await api.list(cookies[other]));
      expect(page.items.map((item) => item.id)).toEqual([mine.id]);
      expect(page.tabCounts).toEqual({ all: 1, active: 1, inactive: 0 });
      expectFailure(await api.get(cookies[other], created.id), 404, 'general', NOT_FOUND);
      expectFailure(
        await api.update(cookies[other], { id: created.id, entreoPointsReward: 1 }),
        404,
        'general',
        NOT_FOUND,
      );
      expectFailure(await api.toggle(cookies[other], false, { id: created.id }), 404, 'general', NOT_FOUND);
      expectFailure(await api.remove(cookies[other], created.id), 404, 'general', NOT_FOUND);
      expect(await rowOf(created.id)).toMatchObject({ entreoPointsReward: 20, isActive: true });
      expect((await auditRows(created.id)).map((entry) => entry.action)).toEqual(['create']);
      // The owner still has it.
      expect(expectData(await api.get(cookies[owner], created.id)).id).toBe(created.id);
    },
  );
});

describe('GET /challenge/popular', () => {
  const popular = async (cookie: string, query = '') =>
    expectData<Page<PopularChallengeTemplate>>(await api.popular(cookie, query));
  const names = (page: Page<PopularChallengeTemplate>) => page.items.map((item) => item.name);

  it('lists active, published templates, the most used first (by every owner), then by name', async () => {
    await create(cookies.location, { challengeTemplateId: template.meditate });
    await create(cookies.employer, { challengeTemplateId: template.meditate });
    await create(cookies.adminSportbond, { challengeTemplateId: template.meditate });
    await create(cookies.location, { challengeTemplateId: template.perWeek });
    await create(cookies.amersfoort, { challengeTemplateId: template.perWeek });
    await create(cookies.employer, { challengeTemplateId: template.walk });
    const page = await popular(cookies.location);
    expect(page.items.map((item) => [item.name, item.challengeCount])).toEqual([
      ['Tien minuten mediteren', 3],
      ['Twee weken', 2],
      ['Dagelijks vijf kilometer wandelen', 1],
      ['Drie dagen', 0],
      ['Tienduizend stappen', 0],
      ['Twee maanden', 0],
    ]);
    expect(page.total).toBe(6);
    // Each item holds what the picker and the challenge form show, not the whole template.
    const [stored] = await t.db
      .select()
      .from(challengeTemplates)
      .where(eq(challengeTemplates.id, template.meditate));
    expect(page.items[0]).toEqual({
      id: template.meditate,
      name: 'Tien minuten mediteren',
      description: stored!.description,
      theme: stored!.theme,
      measurementUnit: stored!.measurementUnit,
      activity: stored!.activity,
      difficulty: stored!.difficulty,
      completionPeriod: stored!.completionPeriod,
      completionAmount: stored!.completionAmount,
      measurementAmount: stored!.measurementAmount,
      entreoPointsReward: stored!.entreoPointsReward,
      challengeBannerHash: stored!.challengeBannerHash,
      sendNotifications: stored!.sendNotifications,
      challengeCount: 3,
    });
    // Draft, disabled and switched-off templates never show.
    const shown = page.items.map((item) => item.id);
    for (const id of [template.water, template.fruit, template.inactive]) expect(shown).not.toContain(id);
  });

  it('honours sort and direction, searches on the name, filters on theme and pages', async () => {
    await create(cookies.location, { challengeTemplateId: template.meditate });
    await create(cookies.location, { challengeTemplateId: template.meditate });
    await create(cookies.location, { challengeTemplateId: template.walk });
    expect(names(await popular(cookies.employer, '?sort=name'))).toEqual([
      'Dagelijks vijf kilometer wandelen',
      'Drie dagen',
      'Tien minuten mediteren',
      'Tienduizend stappen',
      'Twee maanden',
      'Twee weken',
    ]);
    expect(names(await popular(cookies.employer, '?sort=name&direction=desc'))[0]).toBe('Twee weken');
    expect(names(await popular(cookies.employer, '?sort=challengeCount&direction=desc')).slice(0, 2)).toEqual(
      ['Tien minuten mediteren', 'Dagelijks vijf kilometer wandelen'],
    );
    expect(names(await popular(cookies.employer, '?sort=challengeCount&direction=asc')).slice(-2)).toEqual([
      'Dagelijks vijf kilometer wandelen',
      'Tien minuten mediteren',
    ]);
    expect(names(await popular(cookies.employer, '?search=TWEE'))).toEqual(['Twee maanden', 'Twee weken']);
    expect(names(await popular(cookies.employer, `?theme=${Theme.Relaxation}`))).toEqual([
      'Tien minuten mediteren',
      'Twee weken',
    ]);
    const second = await popular(cookies.employer, '?sort=name&page=2&pageSize=4');
    expect(names(second)).toEqual(['Twee maanden', 'Twee weken']);
    expect(second.total).toBe(6);
    expect((await api.popular(cookies.employer, '?theme=99')).statusCode).toBe(400);
  });

  it('shows a template again once it is published and switched on', async () => {
    await t.db
      .update(challengeTemplates)
      .set({ isActive: true })
      .where(eq(challengeTemplates.id, template.inactive));
    try {
      expect(names(await popular(cookies.location, '?search=Uitgezet'))).toEqual(['Uitgezet']);
    } finally {
      await t.db
        .update(challengeTemplates)
        .set({ isActive: false })
        .where(eq(challengeTemplates.id, template.inactive));
    }
  });
});

describe('templates in use', () => {
  it('cannot be deleted while a challenge uses them (409 challengeTemplate.errors.inUse), and can after', async () => {
    const id = await addTemplate({ name: 'Tijdelijk' });
    try {
      const created = await create(cookies.location, { challengeTemplateId: id });
      expectFailure(
        await json('DELETE', `/api/challengeTemplate/${id}`, cookies.admin),
        409,
        'general',
        'challengeTemplate.errors.inUse',
      );
      expect((await t.db.select().from(challengeTemplates).where(eq(challengeTemplates.id, id))).length).toBe(
        1,
      );
      // A template switched off keeps its challenges running.
      expectData(
        await json('PUT', `/api/challengeTemplate/${id}/SetIsActive`, cookies.admin, { isActive: false }),
      );
      expect(expectData(await api.get(cookies.location, created.id)).isActive).toBe(true);
      expectData(await api.remove(cookies.location, created.id));
      expect((await json('DELETE', `/api/challengeTemplate/${id}`, cookies.admin)).statusCode).toBe(200);
    } finally {
      await t.db.delete(challenges).where(eq(challenges.challengeTemplateId, id));
      await t.db.delete(challengeTemplates).where(eq(challengeTemplates.id, id));
    }
  });

  it('a deleted location, employer or association takes its challenges along', async () => {
    const [extra] = await t.db.insert(employers).values({ name: 'Tijdelijke werkgever' }).returning();
    try {
      const admin = await switched(await signIn('admin@example.com'), 'SwitchActiveEmployer', {
        employerId: extra!.id,
      });
      const created = await create(admin);
      await t.db.delete(employers).where(eq(employers.id, extra!.id));
      expect(await rowOf(created.id)).toBeUndefined();
    } finally {
      await t.db.delete(employers).where(eq(employers.id, extra!.id));
    }
  });
});
