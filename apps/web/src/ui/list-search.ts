import { z } from 'zod';

/**
 * The state of a list as it lives in the URL search params. Use as a route's `validateSearch` (extend it
 * with the list's own filters). Bad values fall back to the defaults instead of failing the route.
 */
export const listSearchSchema = z.object({
  page: z.number().int().min(1).catch(1).default(1),
  pageSize: z.number().int().min(1).max(100).catch(25).default(25),
  search: z.string().max(200).optional().catch(undefined),
  sort: z.string().max(64).optional().catch(undefined),
  direction: z.enum(['asc', 'desc']).catch('asc').default('asc'),
  tab: z.string().max(64).optional().catch(undefined),
});

export type ListState = z.output<typeof listSearchSchema>;
export type SortDirection = ListState['direction'];

export const defaultListState: ListState = { page: 1, pageSize: 25, direction: 'asc' };

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
