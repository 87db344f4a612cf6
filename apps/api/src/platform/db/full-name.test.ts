import { fullNameOf } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fullNameSql } from './full-name.ts';

/** Names as they reach the tables: trimmed on entry, but null, blank or padded parts exist in older rows. */
const cases: [string | null, string | null, string | null][] = [
  ['Jan', 'van der', 'Berg'],
  ['Jan', null, 'Jansen'],
  ['Jan', '', 'Jansen'],
  ['Jan', '   ', 'Jansen'],
  [' Jan ', ' de ', ' Vries '],
  ['', null, 'Jansen'],
  ['Jan', null, ''],
  [null, null, null],
  ['', '', ''],
  ['Anne-Marie', "d'", 'Ooms'],
];

describe('fullNameSql mirrors fullNameOf', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives the same name as the contracts for every case', async () => {
    for (const [firstName, insertion, lastName] of cases) {
      const name = fullNameSql({
        firstName: sql`${firstName}::text`,
        insertion: sql`${insertion}::text`,
        lastName: sql`${lastName}::text`,
      });
      const result = (await t.db.execute(sql`select ${name} as "name"`)) as unknown as {
        rows: { name: string }[];
      };
      expect(result.rows[0]!.name, JSON.stringify([firstName, insertion, lastName])).toBe(
        fullNameOf({ firstName, insertion, lastName }),
      );
    }
  });

  it("is the billing run's way to name a member too", async () => {
    const result = (await t.db.execute(
      sql`select prosrc from pg_proc where proname = 'billing_due_periods'`,
    )) as unknown as { rows: { prosrc: string }[] };
    expect(result.rows[0]!.prosrc).toContain('"full_name"(m."first_name", m."insertion", m."last_name")');
    expect(result.rows[0]!.prosrc).not.toContain('concat_ws');
  });

  it('leaves blank parts out and never doubles a space', () => {
    expect(fullNameOf({ firstName: 'Jan', insertion: '', lastName: 'Jansen' })).toBe('Jan Jansen');
    expect(fullNameOf({ firstName: ' Jan ', insertion: ' van ', lastName: ' Dam ' })).toBe('Jan van Dam');
    expect(fullNameOf({ firstName: 'Jan', lastName: undefined })).toBe('Jan');
  });
});
