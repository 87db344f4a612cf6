import { inclVatCents } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inclVatCentsSql } from './money.ts';

describe('inclVatCentsSql mirrors inclVatCents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives the same cents for every amount up to EUR 50 and large ones, at every VAT rate', async () => {
    for (const vat of [0, 6, 9, 21]) {
      const result = (await t.db.execute(sql`
        select amount, ${inclVatCentsSql(sql`amount`, sql`${vat}::int`)} as "incl"
        from (select generate_series(0, 5000) as amount
              union all select unnest(array[99995, 1234567, 10000000, 16000000])) amounts
        order by amount`)) as unknown as { rows: { amount: number; incl: number }[] };
      expect(result.rows).toHaveLength(5005);
      const differing = result.rows.filter((row) => row.incl !== inclVatCents(row.amount, vat));
      expect(differing, `VAT ${vat}%`).toEqual([]);
    }
  });
});
