import {
  Activity,
  type ChallengeTemplate,
  type ChallengeTemplateListItem,
  Difficulty,
  GoalPeriod,
  MeasurementType,
  MeasurementUnit,
  PublicationStatus,
  TemplateMeasurementPeriod,
  Theme,
  themeDefaults,
  unitsByMeasurementType,
} from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { files } from '../../platform/files/files.tables.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { pictureBankItems } from '../picture-bank/picture-bank.tables.ts';
import { challengeTemplates } from './challenge-template.tables.ts';

let t: TestApp;
const cookies = { admin: '', gym: '', content: '', supplier: '' };
const picture = { movement: 0, nutrition: 0, inactive: 0 };
const PICTURE_HASH = 'a'.repeat(64);
let seededTemplates: { name: string; status: number; isActive: boolean }[] = [];

/** Every sign-in from its own address, so the per-address login limit never interferes. */
let addressCount = 0;
const nextAddress = () => `10.58.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

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

type Part = Parameters<typeof multipart>[0][number];
type Fields = Record<string, string | number | boolean | undefined>;

const valid: Fields = {
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
const textParts = (fields: Fields): Part[] =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: String(value) }));

const banner = async (color = { r: 20, g: 120, b: 200 }): Promise<Part> => ({
  name: 'challengeBanner',
  filename: 'banner.png',
  contentType: 'image/png',
  data: await testImage('png', { width: 600, height: 200, color }),
});

const send = (method: 'POST' | 'PUT', cookie: string, fields: Fields, extra: Part[] = []) => {
  const body = multipart([...textParts(fields), ...extra], cookie ? { cookie } : {});
  return t.app.inject({
    method,
    url: '/api/challengeTemplate',
    payload: body.payload,
    headers: body.headers,
  });
};
const json = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

const api = {
  list: (cookie: string, query = '') => json('GET', `/api/challengeTemplate${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/challengeTemplate/${id}`, cookie),
  create: (cookie: string, fields: Fields, extra?: Part[]) => send('POST', cookie, fields, extra),
  update: (cookie: string, fields: Fields, extra?: Part[]) => send('PUT', cookie, fields, extra),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/challengeTemplate/${id}`, cookie),
  setActive: (cookie: string, id: number | string, payload: object) =>
    json('PUT', `/api/challengeTemplate/${id}/SetIsActive`, cookie, payload),
};

function expectFailure(response: LightMyRequestResponse, status: number, key: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors).toContainEqual({ key, message });
}

function expectData<T = ChallengeTemplate>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.ok).toBe(true);
  expect(body.errors).toEqual([]);
  return body.data;
}

const count = async () => (await t.db.select({ id: challengeTemplates.id }).from(challengeTemplates)).length;
const create = async (fields: Fields = {}) =>
  expectData(await api.create(cookies.admin, { ...valid, ...fields }));

const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'ChallengeTemplate'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

describe('demo data', () => {
  it('seeds templates of every status, one switched off', () => {
    expect(seededTemplates.length).toBeGreaterThanOrEqual(4);
    expect(new Set(seededTemplates.map((row) => row.status))).toEqual(new Set([0, 1, 2]));
    expect(seededTemplates.some((row) => !row.isActive)).toBe(true);
  });
});

describe('POST /challengeTemplate', () => {
  it('adds a template with the values sent, published and active, and audits it', async () => {
    const created = await create({
      uniqueFeatureDescription: 'Samen met collega’s',
      activityDescription: 'Wandelen in de pauze',
      sendNotifications: true,
    });
    expect(created).toMatchObject({
      name: 'Tienduizend stappen',
      theme: Theme.Movement,
      measurement: MeasurementType.Distance,
      measurementUnit: MeasurementUnit.Meter,
      activity: Activity.Walk,
      status: PublicationStatus.Published,
      isActive: true,
      measurementAmount: 10000,
      entreoPointsReward: 5,
      uniqueFeatureDescription: 'Samen met collega’s',
      hasDate: false,
      startDate: null,
      hasFromDate: false,
      sendNotifications: true,
      thirdParty: false,
      challengeBannerHash: null,
      pictureBankItemId: null,
    });
    expect(expectData(await api.get(cookies.admin, created.id))).toEqual(created);
    const [entry] = await auditRows(created.id);
    expect(entry).toMatchObject({ action: 'create' });
  });

  it('keeps the status given (Disabled 0, Draft 1)', async () => {
    expect((await create({ status: PublicationStatus.Draft })).status).toBe(1);
    expect((await create({ status: PublicationStatus.Disabled })).status).toBe(0);
  });

  it.each([
    [Theme.Movement, 'Movement'],
    [Theme.Nutrition, 'Nutrition'],
    [Theme.Relaxation, 'Relaxation'],
  ])('accepts the defaults of theme %s (%s)', async (theme) => {
    const defaults = themeDefaults[theme]!;
    const created = await create({ theme, ...defaults });
    expect(created).toMatchObject({ theme, ...defaults });
  });

  it('accepts every unit its measurement type allows', async () => {
    for (const unit of unitsByMeasurementType[MeasurementType.Volume]!) {
      const created = await create({
        theme: Theme.Nutrition,
        measurement: MeasurementType.Volume,
        measurementUnit: unit,
        activity: Activity.FoodAndDrinks,
      });
      expect(created.measurementUnit).toBe(unit);
    }
  });

  it.each([
    [
      'a measurement type the theme does not allow',
      {
        theme: Theme.Relaxation,
        measurement: MeasurementType.Distance,
        measurementUnit: MeasurementUnit.Meter,
        activity: Activity.Meditation,
      },
      'measurement',
      'challengeTemplate.errors.measurementNotForTheme',
    ],
    [
      'Weight for Movement',
      { measurement: MeasurementType.Weight, measurementUnit: MeasurementUnit.Gram },
      'measurement',
      'challengeTemplate.errors.measurementNotForTheme',
    ],
    [
      'Volume for Relaxation',
      {
        theme: Theme.Relaxation,
        measurement: MeasurementType.Volume,
        measurementUnit: MeasurementUnit.Liter,
        activity: Activity.Meditation,
      },
      'measurement',
      'challengeTemplate.errors.measurementNotForTheme',
    ],
    [
      'a unit the type does not allow',
      { measurementUnit: MeasurementUnit.Kilogram },
      'measurementUnit',
      'challengeTemplate.errors.unitNotForMeasurement',
    ],
    [
      'Steps for Duration',
      { measurement: MeasurementType.Duration, measurementUnit: MeasurementUnit.Steps },
      'measurementUnit',
      'challengeTemplate.errors.unitNotForMeasurement',
    ],
    [
      'Fruit only for Piece',
      {
        theme: Theme.Nutrition,
        measurement: MeasurementType.Weight,
        measurementUnit: MeasurementUnit.Fruit,
        activity: Activity.FoodAndDrinks,
      },
      'measurementUnit',
      'challengeTemplate.errors.unitNotForMeasurement',
    ],
    [
      'an activity Movement does not allow',
      { activity: Activity.Meditation },
      'activity',
      'challengeTemplate.errors.activityNotForTheme',
    ],
    [
      'an activity Nutrition does not allow',
      {
        theme: Theme.Nutrition,
        measurement: MeasurementType.Weight,
        measurementUnit: MeasurementUnit.Gram,
        activity: Activity.Walk,
      },
      'activity',
      'challengeTemplate.errors.activityNotForTheme',
    ],
    [
      'an activity Relaxation does not allow',
      {
        theme: Theme.Relaxation,
        measurement: MeasurementType.Duration,
        measurementUnit: MeasurementUnit.Minutes,
        activity: Activity.Run,
      },
      'activity',
      'challengeTemplate.errors.activityNotForTheme',
    ],
  ] as const)('refuses %s on its field and adds nothing', async (_, fields, key, message) => {
    expectFailure(await api.create(cookies.admin, { ...valid, ...fields }), 400, key, message);
    expect(await count()).toBe(0);
  });

  it.each([
    ['name', '', 'validation.required'],
    ['name', 'x'.repeat(65), 'validation.tooLong'],
    ['description', 'x'.repeat(513), 'validation.tooLong'],
    ['uniqueFeatureDescription', 'x'.repeat(65), 'validation.tooLong'],
    ['activityDescription', 'x'.repeat(65), 'validation.tooLong'],
    ['completionAmount', '0', 'validation.greaterThanZero'],
    ['frequencyAmount', '1.5', 'validation.digitsOnly'],
    ['entreoPointsReward', '-1', 'validation.digitsOnly'],
    ['measurementAmount', '100001', 'validation.tooBig'],
    ['frequencyPeriodAmount', 'tien', 'validation.digitsOnly'],
    ['theme', '7', 'validation.invalidValue'],
    ['status', '3', 'validation.invalidValue'],
  ])('refuses %s = %j with %s', async (field, value, message) => {
    expectFailure(await api.create(cookies.admin, { ...valid, [field]: value }), 400, field, message);
    expect(await count()).toBe(0);
  });

  it('takes the limits themselves (64, 512, 100000)', async () => {
    const created = await create({
      name: 'n'.repeat(64),
      description: 'd'.repeat(512),
      uniqueFeatureDescription: 'u'.repeat(64),
      entreoPointsReward: 100000,
    });
    expect(created.name).toHaveLength(64);
    expect(created.entreoPointsReward).toBe(100000);
  });

  it('requires each amount', async () => {
    for (const field of [
      'completionAmount',
      'frequencyAmount',
      'entreoPointsReward',
      'measurementAmount',
      'frequencyPeriodAmount',
    ]) {
      expectFailure(
        await api.create(cookies.admin, { ...valid, [field]: undefined }),
        400,
        field,
        'validation.required',
      );
    }
    expect(await count()).toBe(0);
  });

  it('keeps the active period with hasDate, and refuses a start after the end', async () => {
    const created = await create({
      hasDate: true,
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '2026-05-31T00:00:00.000Z',
    });
    expect(created).toMatchObject({
      hasDate: true,
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '2026-05-31T00:00:00.000Z',
    });
    const wrong = await api.create(cookies.admin, {
      ...valid,
      hasDate: true,
      startDate: '2026-06-01T00:00:00.000Z',
      endDate: '2026-05-31T00:00:00.000Z',
    });
    expectFailure(wrong, 400, 'startDate', 'challengeTemplate.errors.startAfterEnd');
    expectFailure(wrong, 400, 'endDate', 'challengeTemplate.errors.endBeforeStart');
    expectFailure(
      await api.create(cookies.admin, { ...valid, hasDate: true }),
      400,
      'startDate',
      'validation.required',
    );
    expect(await count()).toBe(1);
  });

  it('keeps the visible period with hasFromDate, and refuses fromDate after fromEndDate', async () => {
    const created = await create({ hasFromDate: true, fromDate: '2026-04-20T00:00:00.000Z' });
    expect(created).toMatchObject({
      hasFromDate: true,
      fromDate: '2026-04-20T00:00:00.000Z',
      fromEndDate: null,
    });
    const wrong = await api.create(cookies.admin, {
      ...valid,
      hasFromDate: true,
      fromDate: '2026-04-20T00:00:00.000Z',
      fromEndDate: '2026-04-19T00:00:00.000Z',
    });
    expectFailure(wrong, 400, 'fromDate', 'challengeTemplate.errors.startAfterEnd');
    expectFailure(wrong, 400, 'fromEndDate', 'challengeTemplate.errors.endBeforeStart');
    expectFailure(
      await api.create(cookies.admin, { ...valid, hasFromDate: true, fromDate: 'morgen' }),
      400,
      'fromDate',
      'validation.date',
    );
    expect(await count()).toBe(1);
  });

  it('drops the dates of a period that is switched off', async () => {
    const created = await create({ hasDate: false, startDate: '2026-05-01T00:00:00.000Z' });
    expect(created).toMatchObject({ hasDate: false, startDate: null });
  });

  it('stores an uploaded banner', async () => {
    const created = expectData(await api.create(cookies.admin, valid, [await banner()]));
    expect(created.challengeBannerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(created.pictureBankItemId).toBeNull();
    const cdn = await t.app.inject({ method: 'GET', url: `/cdn/${created.challengeBannerHash}` });
    expect(cdn.statusCode).toBe(200);
  });

  it('refuses a banner that is not an image', async () => {
    const part: Part = {
      name: 'challengeBanner',
      filename: 'x.png',
      contentType: 'image/png',
      data: 'geen plaatje',
    };
    expectFailure(
      await api.create(cookies.admin, valid, [part]),
      400,
      'challengeBanner',
      'files.errors.notAnImage',
    );
    expect(await count()).toBe(0);
  });

  it('takes the banner of a picked picture of the same theme', async () => {
    const created = await create({ pictureBankItemId: picture.movement });
    expect(created).toMatchObject({ pictureBankItemId: picture.movement, challengeBannerHash: PICTURE_HASH });
  });

  it('refuses a picture of another theme, an inactive or unknown one, or a picture with an upload', async () => {
    expectFailure(
      await api.create(cookies.admin, { ...valid, pictureBankItemId: picture.nutrition }),
      400,
      'pictureBankItemId',
      'challengeTemplate.errors.pictureThemeMismatch',
    );
    expectFailure(
      await api.create(cookies.admin, { ...valid, pictureBankItemId: picture.inactive }),
      400,
      'pictureBankItemId',
      'challengeTemplate.errors.pictureInactive',
    );
    expectFailure(
      await api.create(cookies.admin, { ...valid, pictureBankItemId: 999999 }),
      400,
      'pictureBankItemId',
      'challengeTemplate.errors.pictureNotFound',
    );
    expectFailure(
      await api.create(cookies.admin, { ...valid, pictureBankItemId: picture.movement }, [await banner()]),
      400,
      'challengeBanner',
      'challengeTemplate.errors.bannerAndPicture',
    );
    expect(await count()).toBe(0);
  });

  it('is for admins only', async () => {
    for (const cookie of [cookies.gym, cookies.content, cookies.supplier]) {
      expectFailure(await api.create(cookie, valid), 403, 'general', 'auth.forbidden');
    }
    expect((await api.create('', valid)).statusCode).toBe(401);
    expect(await count()).toBe(0);
  });
});

describe('PUT /challengeTemplate', () => {
  it('changes the fields, keeps the banner when none is sent, and audits', async () => {
    const created = expectData(await api.create(cookies.admin, valid, [await banner()]));
    const updated = expectData(
      await api.update(cookies.admin, {
        ...valid,
        id: created.id,
        name: 'Rustig aan',
        theme: Theme.Relaxation,
        ...themeDefaults[Theme.Relaxation],
        status: PublicationStatus.Draft,
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Rustig aan',
      theme: Theme.Relaxation,
      measurement: MeasurementType.Duration,
      status: PublicationStatus.Draft,
      challengeBannerHash: created.challengeBannerHash,
    });
    const rows = await auditRows(created.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('replaces the banner by a new upload or a picked picture', async () => {
    const created = await create({ pictureBankItemId: picture.movement });
    const uploaded = expectData(
      await api.update(cookies.admin, { ...valid, id: created.id }, [await banner({ r: 1, g: 2, b: 3 })]),
    );
    expect(uploaded.pictureBankItemId).toBeNull();
    expect(uploaded.challengeBannerHash).not.toBe(PICTURE_HASH);
    const picked = expectData(
      await api.update(cookies.admin, { ...valid, id: created.id, pictureBankItemId: picture.movement }),
    );
    expect(picked).toMatchObject({ pictureBankItemId: picture.movement, challengeBannerHash: PICTURE_HASH });
  });

  it('refuses a new theme the kept picture does not belong to', async () => {
    const created = await create({ pictureBankItemId: picture.movement });
    expectFailure(
      await api.update(cookies.admin, {
        ...valid,
        id: created.id,
        theme: Theme.Nutrition,
        ...themeDefaults[Theme.Nutrition],
      }),
      400,
      'pictureBankItemId',
      'challengeTemplate.errors.pictureThemeMismatch',
    );
    expect(expectData(await api.get(cookies.admin, created.id)).theme).toBe(Theme.Movement);
  });

  it('applies the same rules as adding and changes nothing on bad input', async () => {
    const created = await create();
    expectFailure(
      await api.update(cookies.admin, {
        ...valid,
        id: created.id,
        name: 'Ander',
        activity: Activity.Meditation,
      }),
      400,
      'activity',
      'challengeTemplate.errors.activityNotForTheme',
    );
    expectFailure(
      await api.update(cookies.admin, { ...valid, id: created.id, measurementAmount: '0' }),
      400,
      'measurementAmount',
      'validation.greaterThanZero',
    );
    expect(expectData(await api.get(cookies.admin, created.id)).name).toBe(valid.name);
  });

  it('answers 404 for an unknown template, 403 for others than admins, 401 signed out', async () => {
    expectFailure(
      await api.update(cookies.admin, { ...valid, id: 999999 }),
      404,
      'general',
      'challengeTemplate.errors.notFound',
    );
    const created = await create();
    expectFailure(
      await api.update(cookies.gym, { ...valid, id: created.id, name: 'X' }),
      403,
      'general',
      'auth.forbidden',
    );
    expect((await api.update('', { ...valid, id: created.id })).statusCode).toBe(401);
    expect(expectData(await api.get(cookies.admin, created.id)).name).toBe(valid.name);
  });
});

describe('GET /challengeTemplate', () => {
  const seed = async () => {
    await create({ name: 'Wandelen in mei' });
    await create({
      name: 'Water drinken',
      theme: Theme.Nutrition,
      measurement: MeasurementType.Volume,
      measurementUnit: MeasurementUnit.Liter,
      activity: Activity.FoodAndDrinks,
      status: PublicationStatus.Draft,
    });
    const off = await create({
      name: 'Ademhaling',
      theme: Theme.Relaxation,
      ...themeDefaults[Theme.Relaxation],
    });
    expectData(await api.setActive(cookies.admin, off.id, { isActive: false }));
  };
  const names = async (query: string) =>
    expectData<{ items: ChallengeTemplateListItem[]; total: number }>(await api.list(cookies.admin, query));

  it('answers the columns of the overview, not the whole template', async () => {
    const created = await create({ name: 'Wandelen in mei' });
    expect((await names('?search=mei')).items).toEqual([
      {
        id: created.id,
        name: 'Wandelen in mei',
        theme: created.theme,
        status: created.status,
        isActive: true,
        challengeBannerHash: created.challengeBannerHash,
        createdAt: created.createdAt,
      },
    ]);
  });

  it('lists by name, searched, filtered and paged in SQL', async () => {
    await seed();
    expect((await names('')).items.map((item) => item.name)).toEqual([
      'Ademhaling',
      'Wandelen in mei',
      'Water drinken',
    ]);
    expect((await names('?search=wa')).items.map((item) => item.name)).toEqual([
      'Wandelen in mei',
      'Water drinken',
    ]);
    expect((await names('?search=100%25')).total).toBe(0);
    expect((await names(`?theme=${Theme.Nutrition}`)).items.map((item) => item.name)).toEqual([
      'Water drinken',
    ]);
    expect((await names(`?status=${PublicationStatus.Draft}`)).items.map((item) => item.name)).toEqual([
      'Water drinken',
    ]);
    expect((await names('?isActive=false')).items.map((item) => item.name)).toEqual(['Ademhaling']);
    expect((await names('?isActive=true')).total).toBe(2);
    const page = await names('?pageSize=2&page=2&sort=name&direction=desc');
    expect(page).toMatchObject({ total: 3 });
    expect(page.items.map((item) => item.name)).toEqual(['Ademhaling']);
    expect((await names('?sort=theme&direction=desc')).items[0]!.name).toBe('Ademhaling');
  });

  it('refuses bad filters', async () => {
    expectFailure(await api.list(cookies.admin, '?theme=9'), 400, 'theme', 'validation.invalidValue');
    expectFailure(await api.list(cookies.admin, '?sort=description'), 400, 'sort', 'validation.invalidValue');
  });

  it('is for admins only', async () => {
    expectFailure(await api.list(cookies.gym), 403, 'general', 'auth.forbidden');
    expectFailure(await api.list(cookies.content), 403, 'general', 'auth.forbidden');
    expect((await api.list('')).statusCode).toBe(401);
  });
});

describe('GET /challengeTemplate/{id}', () => {
  it('answers one template, 404 when unknown, 403 for others, 401 signed out', async () => {
    const created = await create();
    expect(expectData(await api.get(cookies.admin, created.id))).toEqual(created);
    expectFailure(await api.get(cookies.admin, 999999), 404, 'general', 'challengeTemplate.errors.notFound');
    expectFailure(await api.get(cookies.admin, 'abc'), 400, 'id', 'validation.invalidType');
    expectFailure(await api.get(cookies.gym, created.id), 403, 'general', 'auth.forbidden');
    expect((await api.get('', created.id)).statusCode).toBe(401);
  });
});

describe('PUT /challengeTemplate/{id}/SetIsActive', () => {
  it('switches a template off and on, and audits', async () => {
    const created = await create();
    expect(expectData(await api.setActive(cookies.admin, created.id, { isActive: false })).isActive).toBe(
      false,
    );
    expect(expectData(await api.get(cookies.admin, created.id)).isActive).toBe(false);
    expect(expectData(await api.setActive(cookies.admin, created.id, { isActive: true })).isActive).toBe(
      true,
    );
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['create', 'update', 'update']);
  });

  it('refuses bad input, unknown templates, others than admins and signed out users', async () => {
    const created = await create();
    expectFailure(
      await api.setActive(cookies.admin, created.id, { isActive: 'ja' }),
      400,
      'isActive',
      'validation.invalidType',
    );
    expectFailure(await api.setActive(cookies.admin, created.id, {}), 400, 'isActive', 'validation.required');
    expectFailure(
      await api.setActive(cookies.admin, 999999, { isActive: false }),
      404,
      'general',
      'challengeTemplate.errors.notFound',
    );
    expectFailure(
      await api.setActive(cookies.gym, created.id, { isActive: false }),
      403,
      'general',
      'auth.forbidden',
    );
    expect((await api.setActive('', created.id, { isActive: false })).statusCode).toBe(401);
    expect(expectData(await api.get(cookies.admin, created.id)).isActive).toBe(true);
  });
});

describe('picture bank pictures in use', () => {
  it('refuses deleting a picture a template took, and allows it once no template uses it', async () => {
    const created = await create({ pictureBankItemId: picture.movement });
    const remove = () => json('DELETE', `/api/PictureBankItem/${picture.movement}`, cookies.admin);
    expectFailure(await remove(), 409, 'general', 'pictureBank.errors.inUse');
    expectData<null>(await api.remove(cookies.admin, created.id));
    // Not actually deleted here: other tests use the picture; the refusal is what matters.
    const [row] = await t.db
      .select({ id: pictureBankItems.id })
      .from(pictureBankItems)
      .where(eq(pictureBankItems.id, picture.movement));
    expect(row).toBeDefined();
  });
});

describe('DELETE /challengeTemplate/{id}', () => {
  it('deletes a template and audits it', async () => {
    const created = await create();
    expect(expectData<null>(await api.remove(cookies.admin, created.id))).toBeNull();
    expectFailure(
      await api.get(cookies.admin, created.id),
      404,
      'general',
      'challengeTemplate.errors.notFound',
    );
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['create', 'delete']);
  });

  it('refuses unknown templates, others than admins and signed out users', async () => {
    const created = await create();
    expectFailure(
      await api.remove(cookies.admin, 999999),
      404,
      'general',
      'challengeTemplate.errors.notFound',
    );
    expectFailure(await api.remove(cookies.gym, created.id), 403, 'general', 'auth.forbidden');
    expectFailure(await api.remove(cookies.supplier, created.id), 403, 'general', 'auth.forbidden');
    expect((await api.remove('', created.id)).statusCode).toBe(401);
    expect(await count()).toBe(1);
  });
});
