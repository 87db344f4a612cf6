import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openPostgres } from './client.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 10 connections and takes 1 to 500', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('sizes the PostgreSQL pool', async () => {
    const handle = await openPostgres(process.env.TEST_DATABASE_URL!, 3);
    try {
      expect((handle.db as unknown as { $client: pg.Pool }).$client.options.max).toBe(3);
    } finally {
      await handle.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'connects without JIT and parallel workers (short statements, a pool on few cores)',
    async () => {
      const handle = await openPostgres(process.env.TEST_DATABASE_URL!, 2);
      try {
        const result = await handle.db.execute(sql`show jit`);
        expect((result as unknown as { rows: { jit: string }[] }).rows[0]?.jit).toBe('off');
        const workers = await handle.db.execute(sql`show max_parallel_workers_per_gather`);
        expect(
          (workers as unknown as { rows: { max_parallel_workers_per_gather: string }[] }).rows[0]
            ?.max_parallel_workers_per_gather,
        ).toBe('0');
      } finally {
        await handle.close();
      }
    },
  );
});
