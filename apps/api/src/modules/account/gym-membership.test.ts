import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';

/**
 * An employee of a gym who holds no rights yet (just registered from the gym's invitation) still works
 * there: the gym's dashboard and locations are open to them (spec section 6), and nothing else.
 */
let t: TestApp;
let vitaalId: number;
let brugId: number;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: gyms.id, slug: gyms.slug }).from(gyms);
  vitaalId = rows.find((row) => row.slug === 'vitaal')!.id;
  brugId = rows.find((row) => row.slug !== 'vitaal')!.id;
  await createUser(t, {
    email: 'zonder.rechten@example.com',
    firstName: 'Zonder',
    lastName: 'Rechten',
    gym: { gymId: vitaalId },
  });
  cookie = await t.login('zonder.rechten@example.com');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

describe('an employee of a gym without rights', () => {
  it('starts in the gym environment of that gym, the only gym it may switch to', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'zonder.rechten@example.com', password: DEMO_PASSWORD },
    });
    expect(signIn.json().data.claims).toMatchObject({
      activeGymId: vitaalId,
      activeLocationId: null,
      activeEnvironment: 1,
      gymRights: [],
      locationRights: [],
    });
    const options = (await get('/api/Account/SwitchOptions')).json().data;
    expect(options.gyms.map((gym: { id: number }) => gym.id)).toEqual([vitaalId]);
  });

  it('sees the gym and all its locations, read-only', async () => {
    expect((await get(`/api/Gym/${vitaalId}`)).statusCode).toBe(200);
    const list = (await get('/api/Location')).json().data;
    const all = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.gymId, vitaalId));
    expect(list.total).toBe(all.length);
    expect((await get(`/api/Location/${all[0]!.id}`)).statusCode).toBe(200);
    const change = await put('/api/Location', { id: all[0]!.id, name: 'Niet van mij' });
    expect([400, 403]).toContain(change.statusCode);
    expect((await get('/api/GymEmployee')).statusCode).toBe(403);
  });

  it('may switch to the gym and to its main location, not to another gym', async () => {
    const toGym = await put('/api/Account/SwitchActiveGym', { gymId: vitaalId });
    expect(toGym.statusCode, toGym.body).toBe(200);
    cookie = cookieHeader(toGym.cookies, cookie);
    expect(toGym.json().data.claims).toMatchObject({ activeGymId: vitaalId, activeEnvironment: 1 });
    const main = await put('/api/Account/SwitchActiveLocation', { locationId: null });
    expect(main.statusCode, main.body).toBe(200);
    cookie = cookieHeader(main.cookies, cookie);
    expect((await put('/api/Account/SwitchActiveGym', { gymId: brugId })).statusCode).toBe(403);
    expect((await get(`/api/Gym/${brugId}`)).statusCode).toBe(404);
  });
});
