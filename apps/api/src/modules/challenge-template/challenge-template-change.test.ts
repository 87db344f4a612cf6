import {
  Activity,
  type ChallengeTemplateListItem,
  MeasurementType,
  MeasurementUnit,
  PublicationStatus,
  Theme,
  themeDefaults,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pictureBankItems } from '../picture-bank/picture-bank.tables.ts';
import {
  api,
  auditRows,
  banner,
  cookies,
  count,
  create,
  expectData,
  expectFailure,
  json,
  PICTURE_HASH,
  picture,
  t,
  useTestApp,
  valid,
} from './challenge-template-test-setup.ts';

useTestApp();

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
