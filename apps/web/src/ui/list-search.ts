import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * The state of a list as it lives in the URL search params. `parseListSearch` is a route's
 * `validateSearch` (extend it with the list's own filters). Bad values fall back to the defaults instead of
 * failing the route. Plain functions, no zod: the route tree is on every first load (decision 010);
 * `list-search.test.ts` checks them against the zod schemas they replaced.
 */
export interface ListState {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  direction: SortDirection;
  tab?: string;
}
export type SortDirection = 'asc' | 'desc';

export const defaultListState: ListState = { page: 1, pageSize: 25, direction: 'asc' };

/**
 * What a link or `navigate` may pass: the state's keys, all optional (as the zod schema's input was;
 * `SearchSchemaInput` tells the router to type links by it rather than by the output). The URL may hold
 * anything: the functions read the values as `unknown`.
 */
export type SearchInput<T> = { [K in keyof T]?: T[K] } & SearchSchemaInput;

/** An integer in [min, max] (a number, not a numeric string), else the fallback. */
export function intIn(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
    ? value
    : fallback;
}

/** A string of at most `max` characters (at least `min`), else undefined. */
export function stringUpTo(value: unknown, max: number, min = 0): string | undefined {
  return typeof value === 'string' && value.length <= max && value.length >= min ? value : undefined;
}

/** One of the given strings, else undefined. */
export function oneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** The object without its undefined values (as the URL holds them). */
export function defined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item;
  return out as T;
}

/** The list's search params; unknown keys are dropped. */
export function parseListSearch(input: SearchInput<ListState>, defaultPageSize = 25): ListState {
  const search = input as Record<string, unknown>;
  return defined({
    page: intIn(search.page, 1, Number.MAX_SAFE_INTEGER, 1),
    pageSize: intIn(search.pageSize, 1, 100, defaultPageSize),
    search: stringUpTo(search.search, 200),
    sort: stringUpTo(search.sort, 64),
    direction: oneOf(search.direction, ['asc', 'desc'] as const) ?? 'asc',
    tab: stringUpTo(search.tab, 64),
  });
}

/** The list query for the API (page, pageSize, search, sort, direction); the tab maps to the caller's filter. */
export function toListQuery(state: ListState) {
  const { page, pageSize, search, sort, direction } = state;
  return {
    page,
    pageSize,
    direction,
    ...(search ? { search } : {}),
    ...(sort ? { sort } : {}),
  };
}
