import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationAreas } from '../../modules/location-area/location-area.tables.ts';
import { demoSignIn, expectData, expectFailure } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLog } from '../audit/audit.tables.ts';

/*
 * Texts PostgreSQL cannot keep: a NUL byte (text refuses it) and an unpaired UTF-16 surrogate (jsonb, the
 * audit log's type, refuses it; a JSON body can carry one as `\ud800`). Both are refused with 400
 * `validation.invalidCharacters` on the field, before anything is written.
 */

let t: TestApp;
let cookie: string;
const signIn = demoSignIn(() => t, 93);

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn('locatie@example.com');
});
afterAll(() => t.close());

/** A room named `name`, sent as raw JSON (so that a lone surrogate goes as its `\uXXXX` escape). */
const createRoom = (json: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/LocationArea',
    headers: { cookie, 'content-type': 'application/json' },
    payload: json,
  });
const roomJson = (name: string) => JSON.stringify({ name, sameAddressAsLocation: true });
const roomsNamed = (prefix: string) =>
  t.db
    .select()
    .from(locationAreas)
    .where(like(locationAreas.name, `${prefix}%`));

describe('unpaired UTF-16 surrogates', () => {
  it.each([
    ['a lone high surrogate', 'Zaal \ud83d'],
    ['a lone low surrogate', 'Zaal \udcaa'],
    ['a low surrogate before a high one', 'Zaal \udcaa\ud83d'],
    ['a high surrogate at the start', '\ud83dZaal'],
  ])('refuses %s in a JSON text with 400 on the field, and writes nothing', async (_, name) => {
    const before = (await t.db.select().from(auditLog).where(eq(auditLog.entity, 'LocationArea'))).length;
    // JSON.stringify writes the lone surrogate as its escape, as a client would.
    expect(roomJson(name)).toMatch(/\\ud[89a-f][0-9a-f]{2}/);
    expectFailure(await createRoom(roomJson(name)), 400, 'name', 'validation.invalidCharacters');
    expect(await roomsNamed('Zaal')).toEqual([]);
    expect(await roomsNamed('\ud83d')).toEqual([]);
    const after = (await t.db.select().from(auditLog).where(eq(auditLog.entity, 'LocationArea'))).length;
    expect(after).toBe(before);
  });

  it('refuses one in a field name', async () => {
    const response = await createRoom('{"name":"Zaal","sameAddressAsLocation":true,"x\\ud800":1}');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('validation.invalidCharacters');
  });

  it('keeps a surrogate pair (an emoji), escaped or not', async () => {
    const escaped = expectData<{ id: number; name: string }>(
      await createRoom('{"name":"Zaal \\ud83d\\udcaa","sameAddressAsLocation":true}'),
    );
    expect(escaped.name).toBe('Zaal 💪');
    const plain = expectData<{ id: number; name: string }>(await createRoom(roomJson('Zaal 🏋️ groot')));
    expect(plain.name).toBe('Zaal 🏋️ groot');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'LocationArea'), eq(auditLog.entityId, String(escaped.id))));
    expect(audited).toHaveLength(1);
    await t.db.delete(locationAreas).where(like(locationAreas.name, 'Zaal%'));
  });

  it('refuses one in the query string or path as the same 400 (sent percent-encoded as WTF-8)', async () => {
    // A URL carries UTF-8; the bytes of a lone surrogate (ED A0 BD) are not, and are never a lone
    // surrogate after decoding: refused or replaced, never a 5xx.
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/LocationArea?search=%ED%A0%BD',
      headers: { cookie },
    });
    expect(query.statusCode).toBeLessThan(500);
    const path = await t.app.inject({
      method: 'DELETE',
      url: '/api/LocationArea/%ED%A0%BD',
      headers: { cookie },
    });
    expect(path.statusCode).toBeLessThan(500);
  });
});

describe('NUL bytes', () => {
  it('refuses one in a JSON text with 400 on the field', async () => {
    expectFailure(await createRoom(roomJson('Zaal \u0000')), 400, 'name', 'validation.invalidCharacters');
  });
});
