import {
  Activity,
  type ChallengeTemplate,
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
import { files } from '../../platform/files/files.tables.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { pictureBankItems } from '../picture-bank/picture-bank.tables.ts';
import { challengeTemplates } from './challenge-template.tables.ts';

export { expectFailure } from '../../test/expect.ts';

export let t: TestApp;
export const cookies = { admin: '', gym: '', content: '', supplier: '' };
export const picture = { movement: 0, nutrition: 0, inactive: 0 };
export const PICTURE_HASH = 'a'.repeat(64);
export let seededTemplates: { name: string; status: number; isActive: boolean }[] = [];

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export let addressCount = 0;
export const nextAddress = () => `10.58.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

export async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

export type Part = Parameters<typeof multipart>[0][number];
export type Fields = Record<string, string | number | boolean | undefined>;

export const valid: Fields = {
  name: 'Tienduizend stappen',
  description: 'Elke dag tienduizend stappen zetten',
  theme: Theme.Movement,
  measurement: MeasurementType.Distance,
  measurementUnit: MeasurementUnit.Meter,
  activity: Activity.Walk,
  difficulty: Difficulty.Beginner,
  status: PublicationStatus.Published,
  completionPeriod: GoalPeriod.PerDay,
  completionAmount: 1,
  frequencyPeriod: TemplateMeasurementPeriod.PerDay,
  frequencyAmount: 1,
  frequencyPeriodAmount: 1,
  measurementAmount: 10000,
  entreoPointsReward: 5,
};

/** Only defined fields are sent (spec 000 section 5). */
export const textParts = (fields: Fields): Part[] =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: String(value) }));

export const banner = async (color = { r: 20, g: 120, b: 200 }): Promise<Part> => ({
  name: 'challengeBanner',
  filename: 'banner.png',
  contentType: 'image/png',
  data: await testImage('png', { width: 600, height: 200, color }),
});

export const send = (method: 'POST' | 'PUT', cookie: string, fields: Fields, extra: Part[] = []) => {
  const body = multipart([...textParts(fields), ...extra], cookie ? { cookie } : {});
  return t.app.inject({
    method,
    url: '/api/challengeTemplate',
    payload: body.payload,
    headers: body.headers,
  });
};
export const json = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

export const api = {
  list: (cookie: string, query = '') => json('GET', `/api/challengeTemplate${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/challengeTemplate/${id}`, cookie),
  create: (cookie: string, fields: Fields, extra?: Part[]) => send('POST', cookie, fields, extra),
  update: (cookie: string, fields: Fields, extra?: Part[]) => send('PUT', cookie, fields, extra),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/challengeTemplate/${id}`, cookie),
  setActive: (cookie: string, id: number | string, payload: object) =>
    json('PUT', `/api/challengeTemplate/${id}/SetIsActive`, cookie, payload),
};

export function expectData<T = ChallengeTemplate>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.ok).toBe(true);
  expect(body.errors).toEqual([]);
  return body.data;
}

export const count = async () =>
  (await t.db.select({ id: challengeTemplates.id }).from(challengeTemplates)).length;
export const create = async (fields: Fields = {}) =>
  expectData(await api.create(cookies.admin, { ...valid, ...fields }));

export const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'ChallengeTemplate'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    cookies.admin = await signIn('admin@example.com');
    cookies.gym = await signIn('gym@example.com');
    cookies.content = await signIn('content@example.com');
    cookies.supplier = await signIn('leverancier@example.com');
    // Pictures of the picture bank; the image bytes themselves are not needed here.
    await t.db
      .insert(files)
      .values({ hash: PICTURE_HASH, mimeType: 'image/png', byteSize: 10, width: 1, height: 1 })
      .onConflictDoNothing();
    const insertPicture = async (category: number, isActive = true) =>
      (
        await t.db
          .insert(pictureBankItems)
          .values({ fileHash: PICTURE_HASH, fileName: 'wandelen.png', category, isActive })
          .returning({ id: pictureBankItems.id })
      )[0]!.id;
    picture.movement = await insertPicture(Theme.Movement);
    picture.nutrition = await insertPicture(Theme.Nutrition);
    picture.inactive = await insertPicture(Theme.Movement, false);
    // The demo templates (seed/challenge-templates.ts) are checked once, then removed so every test starts empty.
    seededTemplates = await t.db
      .select({
        name: challengeTemplates.name,
        status: challengeTemplates.status,
        isActive: challengeTemplates.isActive,
      })
      .from(challengeTemplates);
    // The demo challenges (seed/challenges.ts) refer to the demo templates.
    await t.db.delete(challenges);
    await t.db.delete(challengeTemplates);
  });
  afterEach(async () => {
    await t.db.delete(challengeTemplates);
  });
  afterAll(() => t.close());
}
