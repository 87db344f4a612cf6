import { COUNT_CAP, MAX_LIST_OFFSET } from '@xp/contracts';
import { type AnyColumn, asc, desc, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { errors } from './errors.ts';

export interface ListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
  direction: 'asc' | 'desc';
  /** `false`: answer without `total` and tab counts, and run no count statement (decision 009). */
  counts?: boolean | undefined;
}

/**
 * LIMIT and OFFSET of a page. The offset is bounded (`MAX_LIST_OFFSET`): a deeper page would make the
 * database walk and drop that many index entries, so it answers 400 and the user narrows the search.
 */
export const limitOffset = (query: ListQuery) => {
  const offset = (query.page - 1) * query.pageSize;
  if (offset > MAX_LIST_OFFSET) throw errors.field('page', 'validation.pageTooDeep');
  return { limit: query.pageSize, offset };
};

/**
 * Up to this offset a page reads its rows by walking the sort index directly (the cheapest plan for the
 * first pages); deeper, a list that can picks the page's ids first by an index-only walk, then reads those
 * rows (decision 009: deep pages read the index, not the table).
 */
export const SHALLOW_OFFSET = 100;

/** The sort key (column or SQL expression) the query picks from a fixed map, or the fallback's. */
export const sortKey = <const C extends Record<string, AnyColumn | SQL>>(
  query: ListQuery,
  columns: C,
  fallback: keyof C & string,
): AnyColumn | SQL => columns[query.sort && query.sort in columns ? query.sort : fallback] as AnyColumn | SQL;

/** ORDER BY for a sortable column (or SQL expression) picked from a fixed map, with a stable tie-break. */
export function orderBy<const C extends Record<string, AnyColumn | SQL>>(
  query: ListQuery,
  columns: C,
  fallback: keyof C & string,
  tieBreak: AnyColumn,
): SQL[] {
  const direction = query.direction === 'desc' ? desc : asc;
  return [direction(sortKey(query, columns, fallback)), direction(tieBreak)];
}

/** Escape LIKE wildcards of user input. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * `column LIKE '%text%'` on a lower-cased search column (a generated `search_text` with a GIN trigram
 * index): the search is lower-cased here the same way, so the index answers it.
 */
export const searchLike = (column: AnyColumn | SQL, search: string): SQL =>
  sql`${column} like ${likePattern(search.toLowerCase())}`;

/** A count, exact up to `COUNT_CAP`; above it `COUNT_CAP` with `isCapped`. */
export interface CappedCount {
  value: number;
  isCapped: boolean;
}

/**
 * Counts several row sets in one statement, each over a subquery limited to `COUNT_CAP + 1` rows, so no
 * count reads more than that many index entries however large the table (one connection, one round trip).
 * Pass selects without LIMIT, e.g. `db.select({ one: sql\`1\` }).from(t).where(w)`.
 */
export async function cappedCounts<K extends string>(
  db: Database,
  queries: Record<K, SQLWrapper & { limit(limit: number): SQLWrapper }>,
): Promise<Record<K, CappedCount>> {
  const keys = Object.keys(queries) as K[];
  const columns = keys.map(
    (key, index) =>
      sql`(select count(*)::int from (${queries[key].limit(COUNT_CAP + 1)}) as ${sql.identifier(`c${index}`)}) as ${sql.identifier(`c${index}`)}`,
  );
  // Both drivers (node-postgres, PGlite) answer `{ rows }`.
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0] ?? {};
  const counts = {} as Record<K, CappedCount>;
  keys.forEach((key, index) => {
    const value = Number(row[`c${index}`] ?? 0);
    counts[key] = { value: Math.min(value, COUNT_CAP), isCapped: value > COUNT_CAP };
  });
  return counts;
}

/** One capped count (see `cappedCounts`). */
export const cappedCount = async (
  db: Database,
  query: SQLWrapper & { limit(limit: number): SQLWrapper },
): Promise<CappedCount> => (await cappedCounts(db, { total: query })).total;

/**
 * An exact count kept elsewhere (a trigger-kept counter, decision 009) answered like a capped one, so the
 * answer is the same as `cappedCount` of the same rows would give.
 */
export const cappedValue = (value: number): CappedCount => ({
  value: Math.min(value, COUNT_CAP),
  isCapped: value > COUNT_CAP,
});

/**
 * The capped count of two disjoint row sets together (tabs that split a list in two: active and inactive,
 * complete and in progress), the same as `cappedCount` of their union: exact up to `COUNT_CAP`, and capped
 * when either is (then the union holds more than `COUNT_CAP` rows too). Spares the union's own count.
 */
export const cappedSum = (a: CappedCount, b: CappedCount): CappedCount => {
  const value = a.value + b.value;
  return { value: Math.min(value, COUNT_CAP), isCapped: a.isCapped || b.isCapped || value > COUNT_CAP };
};

/** `totalIsCapped` only when it is (an exact count answers `{ total }` as before). */
export const pagedTotal = (count: CappedCount) =>
  count.isCapped ? { total: count.value, totalIsCapped: true as const } : { total: count.value };

/** The paged answer's counts: `total` of the current tab, every tab's count, and the capped tabs if any. */
export function pagedCounts<K extends string>(counts: Record<K, CappedCount>, current: K) {
  const tabCounts = {} as Record<K, number>;
  const tabCountsCapped: K[] = [];
  for (const key of Object.keys(counts) as K[]) {
    tabCounts[key] = counts[key].value;
    if (counts[key].isCapped) tabCountsCapped.push(key);
  }
  return {
    ...pagedTotal(counts[current]),
    tabCounts,
    ...(tabCountsCapped.length > 0 ? { tabCountsCapped } : {}),
  };
}

/**
 * A list without tabs: the page (`page` gets the bounded LIMIT and OFFSET), then its capped total (`count`:
 * a select of the same rows without LIMIT, see `cappedCounts`; or a function answering the exact count from
 * a counter), one after the other on one connection.
 */
export async function pagedList<T>(
  db: Database,
  query: ListQuery,
  page: (limit: number, offset: number) => Promise<T[]>,
  count: (SQLWrapper & { limit(limit: number): SQLWrapper }) | (() => Promise<number>),
) {
  const { limit, offset } = limitOffset(query);
  const items = await page(limit, offset);
  if (query.counts === false) return { items };
  const total = typeof count === 'function' ? cappedValue(await count()) : await cappedCount(db, count);
  return { items, ...pagedTotal(total) };
}

/**
 * A list with tabs' counts (see `cappedCounts`, `pagedCounts`): `total` of the `current` tab and every
 * tab's count; nothing, and no count statement, when the query said `counts=false`.
 */
export async function tabCounts<K extends string>(
  db: Database,
  query: Pick<ListQuery, 'counts'>,
  queries: Record<K, SQLWrapper & { limit(limit: number): SQLWrapper }>,
  current: K,
) {
  if (query.counts === false) return {};
  return pagedCounts(await cappedCounts(db, queries), current);
}

/**
 * A search's page and counts from one reading of its matches (decision 009, "A search reads its matches
 * once"). `matches` selects the matching rows (`matchFields`: their id, sort key and, for a list with tabs,
 * the tab's value), without ORDER BY or LIMIT. Read at most `COUNT_CAP + 1` of them: when
 * there are no more than `COUNT_CAP`, they are all there, so one statement answers the page's ids (sorted by
 * `k`, then `id`, in the query's direction, within the `current` tab) and the exact count of every tab (`all`
 * and each of `tabs`), where the page and each count read the matches again before (a trigram index scan and
 * the rows it finds, per statement). Answers `undefined` when there are more matches than that, or when the
 * page is empty while the counts are not known to be 0 (a page beyond the last): the caller then pages and
 * counts as it does without a search.
 */
export async function searchOnce<T extends string = never>(
  db: Database,
  query: ListQuery,
  matches: SQLWrapper & { limit(limit: number): SQLWrapper },
  tabs?: { values: readonly T[]; current: T | undefined },
): Promise<{ ids: number[]; counts: Record<'all' | T, CappedCount> } | undefined> {
  const { limit, offset } = limitOffset(query);
  const direction = query.direction === 'desc' ? sql`desc` : sql`asc`;
  const tabCounts = (tabs?.values ?? []).map(
    (value, index) => sql`, count(*) filter (where m.t = ${value}) over () as ${sql.identifier(`c${index}`)}`,
  );
  const stmt = sql`select w.* from (select m.id, m.k${tabs ? sql`, m.t` : sql``}, count(*) over () as n${sql.join(tabCounts)} from (${matches.limit(COUNT_CAP + 1)}) as m) as w${
    tabs?.current === undefined ? sql`` : sql` where w.t = ${tabs.current}`
  } order by w.k ${direction}, w.id ${direction} limit ${limit} offset ${offset}`;
  const result = (await db.execute(stmt)) as unknown as { rows: Record<string, unknown>[] };
  const first = result.rows[0];
  if (!first) {
    // No row: no match at all (then every count is 0), unless a tab or a later page is empty.
    if (tabs?.current !== undefined || offset > 0) return undefined;
    const zero = { value: 0, isCapped: false };
    const counts = { all: zero } as Record<'all' | T, CappedCount>;
    for (const value of tabs?.values ?? []) counts[value] = zero;
    return { ids: [], counts };
  }
  const total = Number(first.n);
  if (total > COUNT_CAP) return undefined;
  const counts = { all: cappedValue(total) } as Record<'all' | T, CappedCount>;
  tabs?.values.forEach((value, index) => {
    counts[value] = cappedValue(Number(first[`c${index}`]));
  });
  return { ids: result.rows.map((row) => Number(row.id)), counts };
}

/** The fields of `searchOnce`'s matches: the row's id, its sort key and, for a list with tabs, its tab. */
export const matchFields = (id: AnyColumn | SQL, key: AnyColumn | SQL, tab?: AnyColumn | SQL) => ({
  id: sql<number>`${id}`.as('id'),
  k: sql`${key}`.as('k'),
  ...(tab ? { t: sql<string>`${tab}`.as('t') } : {}),
});

/** A subquery answering these ids (a page `searchOnce` found), for `inArray(column, ...)`. */
export const idList = (ids: readonly number[]): SQL =>
  ids.length === 0
    ? sql`(SELECT NULL::int WHERE false)`
    : sql`(SELECT unnest(ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]))`;

/**
 * One page's rows, read the cheap way for its depth (decision 009). Up to `SHALLOW_OFFSET` the rows come
 * straight from a walk of the sort index: `rows` with the list's WHERE, ORDER BY, LIMIT and OFFSET. Deeper,
 * the page's ids first, by an index-only walk (`ids` with that WHERE, ORDER BY, LIMIT and OFFSET), then
 * those rows: `rows` with `id IN (the page's ids)` and the same ORDER BY, which puts them back in the
 * page's order. `ids` selects the id alone from the list's table (with the joins its sort needs), `rows`
 * the row's columns (with their joins); both `$dynamic()`, without WHERE or ORDER BY. Answers the select
 * (await it).
 */
export function readPage<T extends PgSelect>(page: {
  limit: number;
  offset: number;
  where: SQL | undefined;
  order: SQL[];
  /** The list's id column, which `ids` selects. */
  id: AnyColumn;
  ids: PgSelect;
  rows: T;
  /**
   * Ids first on every page: where the order is not the walked index's, but `ids` can read it from that
   * index alone (its last columns), and `rows` would read every matching row to sort them.
   */
  idsFirst?: boolean;
}): T {
  const { limit, offset, where, order } = page;
  if (offset <= SHALLOW_OFFSET && !page.idsFirst)
    return page.rows
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const pageIds = page.ids
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return page.rows.where(inArray(page.id, pageIds)).orderBy(...order);
}
