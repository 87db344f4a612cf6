import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

export interface ListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
  direction: 'asc' | 'desc';
}

export const limitOffset = (query: ListQuery) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/** ORDER BY for a sortable column (or SQL expression) picked from a fixed map, with a stable tie-break. */
export function orderBy<const C extends Record<string, AnyColumn | SQL>>(
  query: ListQuery,
  columns: C,
  fallback: keyof C & string,
  tieBreak: AnyColumn,
): SQL[] {
  const key = query.sort && query.sort in columns ? query.sort : fallback;
  const direction = query.direction === 'desc' ? desc : asc;
  return [direction(columns[key] as AnyColumn | SQL), direction(tieBreak)];
}

/** Escape LIKE wildcards of user input. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
