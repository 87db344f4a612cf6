import {
  Activity,
  type Challenge,
  Difficulty,
  GoalPeriod,
  MeasurementType,
  MeasurementUnit,
  PublicationStatus,
  TemplateMeasurementPeriod,
  Theme,
} from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { requestJson } from '../../test/client.ts';
import { demoSignIn, expectData as expectOk } from '../../test/expect.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { associations, employers, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { challenges } from './challenge.tables.ts';

export let t: TestApp;
export const NOT_FOUND = 'challenge.errors.notFound';
export const NOT_AVAILABLE = 'challenge.errors.templateNotAvailable';
export const SPAN = 'challenge.step2.validateDate';

export const ids = {
  utrecht: 0,
  amersfoort: 0,
  jansen: 0,
  vandenBerg: 0,
  sportbond: 0,
  gezondZwolle: 0,
  locationUser: 0,
};
/** The demo templates by name (seed/challenge-templates.ts) and the test's own. */
export const template = {
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
export let seeded: {
  name: string;
  locationId: number | null;
  employerId: number | null;
  createdByPlatform: boolean;
}[] = [];
export const cookies = {
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
export const signIn = demoSignIn(() => t, 67);

export const json = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
) => requestJson(t.app, method, url, cookie, body);

export async function switched(cookie: string, path: string, body: object) {
  const response = await json('PUT', `/api/Account/${path}`, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies, cookie);
}

export const templateBase = {
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
export const addTemplate = async (
  values: Partial<typeof challengeTemplates.$inferInsert> & { name: string },
) =>
  (
    await t.db
      .insert(challengeTemplates)
      .values({ ...templateBase, completionPeriod: GoalPeriod.PerDay, completionAmount: 1, ...values })
      .returning({ id: challengeTemplates.id })
  )[0]!.id;

export type Part = Parameters<typeof multipart>[0][number];
export type Fields = Record<string, string | number | boolean | undefined>;

/** Only defined fields are sent, each as a text part. */
export const textParts = (fields: Fields): Part[] =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: String(value) }));

export const send = (method: 'POST' | 'PUT', cookie: string, fields: Fields) => {
  const body = multipart(textParts(fields), cookie ? { cookie } : {});
  return t.app.inject({ method, url: '/api/challenge', payload: body.payload, headers: body.headers });
};

export const api = {
  list: (cookie: string, query = '') => json('GET', `/api/challenge${query}`, cookie),
  popular: (cookie: string, query = '') => json('GET', `/api/challenge/popular${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/challenge/${id}`, cookie),
  create: (cookie: string, fields: Fields) => send('POST', cookie, fields),
  update: (cookie: string, fields: Fields) => send('PUT', cookie, fields),
  toggle: (cookie: string, isActive: boolean | string, body: unknown) =>
    json('PUT', `/api/challenge/${isActive}`, cookie, body),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/challenge/${id}`, cookie),
};

export const expectData = <T = Challenge>(response: LightMyRequestResponse): T => expectOk<T>(response);
export type Page<T> = { items: T[]; total: number; tabCounts?: Record<string, number> };

export const valid: Fields = { challengeTemplateId: 0, entreoPointsReward: 20 };
export const create = async (cookie: string, fields: Fields = {}) =>
  expectData(await api.create(cookie, { ...valid, challengeTemplateId: template.steps, ...fields }));

export const rowOf = async (id: number) =>
  (await t.db.select().from(challenges).where(eq(challenges.id, id)))[0];
export const count = async () => (await t.db.select({ id: challenges.id }).from(challenges)).length;
export const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'Challenge'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

/** An ISO date `days` after 2027-03-01 (UTC midnight). */
export const day = (days: number) => new Date(Date.UTC(2027, 2, 1 + days)).toISOString();

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
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
}
