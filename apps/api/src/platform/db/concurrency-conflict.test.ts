import { endpoint, policy } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { route } from '../http/route.ts';
import { isConcurrencyConflict } from './errors.ts';

/**
 * Two transactions that wait on each other (a gym deleted while an employee's rights change): PostgreSQL
 * aborts one with a deadlock or serialization failure. That answer is a 409 to try again, not a 500.
 */
const raise = (code: string) =>
  endpoint({
    method: 'POST',
    path: `/test-only/raise-${code}`,
    policy: policy.public,
    summary: `Test: the database aborts the transaction with ${code}`,
    tags: ['test'],
    response: z.null(),
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extraRoutes: ['40P01', '40001'].map((code) =>
        route(raise(code), async () => {
          await t.db.transaction(async (tx) => {
            await tx.execute(
              sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'aborted' USING ERRCODE = '${code}'; END $$`),
            );
          });
          return null;
        }),
      ),
    },
  );
});
afterAll(() => t.close());

describe('a transaction aborted by the database for a concurrent one', () => {
  it.each(['40P01', '40001'])('answers 409 errors.concurrentChange for %s', async (code) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/test-only/raise-${code}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      ok: false,
      data: null,
      errors: [{ key: 'general', message: 'errors.concurrentChange' }],
    });
  });

  it('is told apart from other errors, also when wrapped', () => {
    expect(isConcurrencyConflict({ message: 'Failed query', cause: { code: '40P01' } })).toBe(true);
    expect(isConcurrencyConflict({ code: '23505' })).toBe(false);
    expect(isConcurrencyConflict(new Error('x'))).toBe(false);
  });
});
