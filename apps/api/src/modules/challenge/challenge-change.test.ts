import type { Challenge } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import {
  api,
  auditRows,
  cookies,
  create,
  day,
  expectData,
  NOT_FOUND,
  type Page,
  rowOf,
  SPAN,
  t,
  template,
  useTestApp,
} from './challenge-test-setup.ts';

useTestApp();

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
