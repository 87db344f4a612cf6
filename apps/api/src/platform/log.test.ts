import { endpoint, policy } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../modules/user/user.tables.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { route } from './http/route.ts';
import { describeFatalError, logSerializers } from './log.ts';

/** Personal values the failing statements below carry as parameters. */
const personal = {
  email: 'Admin@Example.com',
  firstName: 'Jantje-Logtest',
  lastName: 'Pietersen-Logtest',
  phoneNumber: '+31 6 98765432',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
  castEmail: 'jan.logtest@example.com',
};

const nothing = z.null();
const duplicateUser = endpoint({
  method: 'POST',
  path: '/test-only/duplicate-user',
  policy: policy.public,
  summary: 'Test: an unexpected unique violation',
  tags: ['test'],
  response: nothing,
});
const badCast = endpoint({
  method: 'GET',
  path: '/test-only/bad-cast',
  policy: policy.public,
  summary: 'Test: an unexpected cast failure',
  tags: ['test'],
  response: nothing,
});

let t: TestApp;
const lines: string[] = [];
const logText = () => lines.join('');

/** The error a real statement raised, as drizzle hands it to its caller. */
async function queryError(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

beforeAll(async () => {
  t = await createTestApp(
    { logLevel: 'info' },
    {
      logStream: { write: (line) => void lines.push(line) },
      extraRoutes: [
        // An existing e-mail address (the unique index ignores case): 23505 with every value in the error.
        route(duplicateUser, async () => {
          const { castEmail: _, ...values } = personal;
          await t.db.insert(users).values({ ...values, role: 'Admin' });
          return null;
        }),
        // The value lands in PostgreSQL's own message: `invalid input syntax for type integer: "..."`.
        route(badCast, async () => {
          await t.db.execute(sql`select ${personal.castEmail}::integer`);
          return null;
        }),
      ],
    },
  );
});
afterAll(() => t?.close());

describe('an unexpected SQL error', () => {
  it('is logged with its code, constraint and statement, and none of the values', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test-only/duplicate-user' });
    expect(response.statusCode).toBe(500);
    expect(response.json().errors).toEqual([{ key: 'general', message: 'general_error' }]);

    const entry = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'unexpected error');
    expect(entry?.err).toMatchObject({
      code: '23505',
      constraint: 'users_email_lower_unique',
      table: 'users',
      statement: expect.stringMatching(/^insert into "users"/),
    });
    expect(entry.err.statement).toContain('$1');
    const { castEmail: _, ...values } = personal;
    for (const value of Object.values(values)) expect(logText()).not.toContain(value);
    expect(logText().toLowerCase()).not.toContain(personal.email.toLowerCase());
    expect(logText()).not.toContain('params');
  });

  it('leaves out a value that PostgreSQL put in its message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-only/bad-cast' });
    expect(response.statusCode).toBe(500);
    expect(logText()).toContain('"code":"22P02"');
    expect(logText()).toContain('select $1::integer');
    expect(logText()).not.toContain(personal.castEmail);
  });
});

describe('log serializers', () => {
  it('keep values out under `err`, `error` and in a fatal line, and keep a plain error message', async () => {
    const error = await queryError(() => t.db.execute(sql`select ${personal.castEmail}::integer`));
    const written: string[] = [];
    const logger = pino({ serializers: logSerializers }, { write: (line: string) => written.push(line) });
    logger.error({ err: error }, 'as err');
    logger.warn({ error }, 'as error');
    logger.warn({ error: 'ECONNREFUSED' }, 'a summary');
    logger.error({ err: new Error('wrapped', { cause: error }) }, 'as a cause');
    const text = written.join('') + describeFatalError(error);
    expect(text).not.toContain(personal.castEmail);
    expect(text.match(/"code":"22P02"/g)).toHaveLength(4);
    expect(text).toContain('"error":"ECONNREFUSED"');
    expect(text).toContain('"message":"wrapped"');
  });
});
