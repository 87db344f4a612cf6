import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** A column of `insertRecords`: its name in the table and the SQL type its JSON value is read as. */
export type RecordColumn = readonly [
  name: string,
  type: 'int' | 'smallint' | 'bigint' | 'text' | 'date' | 'boolean',
];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The rows as one JSON parameter, read by `json_to_recordset` (keys: the column names): one statement and one
 * parameter for hundreds of rows, where a multi-row VALUES list would bind thousands of parameters (its
 * building and binding cost more than the insert itself: decision 017, docs/performance/runs/2026-11-28-billing-run.md). Table and column
 * names are the code's constants, never input.
 */
export const recordsOf = (columns: readonly RecordColumn[], rows: readonly Record<string, unknown>[]): SQL =>
  sql`json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(columns.map(([name, type]) => `${quoted(name)} ${type}`).join(', '))})`;

/** Inserts rows (keys: column names) in one statement; `returning` names columns to answer. */
export async function insertRecords<T = Record<string, never>>(
  db: Database,
  table: string,
  columns: readonly RecordColumn[],
  rows: readonly Record<string, unknown>[],
  returning?: string,
): Promise<T[]> {
  if (rows.length === 0) return [];
  const names = sql.raw(columns.map(([name]) => quoted(name)).join(', '));
  const result = await db.execute(
    sql`insert into ${sql.raw(quoted(table))} (${names}) select ${names} from ${recordsOf(columns, rows)}${
      returning ? sql.raw(` returning ${returning}`) : sql``
    }`,
  );
  return (result as unknown as { rows: T[] }).rows;
}
