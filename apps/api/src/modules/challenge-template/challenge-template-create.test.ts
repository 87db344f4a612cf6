import {
  Activity,
  MeasurementType,
  MeasurementUnit,
  PublicationStatus,
  Theme,
  themeDefaults,
  unitsByMeasurementType,
} from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import {
  api,
  auditRows,
  banner,
  cookies,
  count,
  create,
  expectData,
  expectFailure,
  type Part,
  PICTURE_HASH,
  picture,
  seededTemplates,
  t,
  useTestApp,
  valid,
} from './challenge-template-test-setup.ts';

useTestApp();

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
