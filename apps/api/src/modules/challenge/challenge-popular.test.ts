import { type PopularChallengeTemplate, Theme } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { challenges } from './challenge.tables.ts';
import {
  addTemplate,
  api,
  cookies,
  create,
  expectData,
  json,
  type Page,
  rowOf,
  signIn,
  switched,
  t,
  template,
  useTestApp,
} from './challenge-test-setup.ts';

useTestApp();

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
