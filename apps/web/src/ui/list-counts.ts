import { useRef, useState } from 'react';
import type { ListData } from './generic-list';
import type { ListState } from './list-search';

type Counts = Omit<ListData<unknown>, 'items'>;

/**
 * What the counts depend on: the list's state without page and sort (search, tab, page size and the
 * list's own filters), and `scope` (e.g. the gym whose list it is).
 */
export function countsKey(state: ListState, scope?: unknown): string {
  const {
    page: _page,
    sort: _sort,
    direction: _direction,
    ...filter
  } = state as ListState & Record<string, unknown>;
  const defined = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([scope ?? null, defined]);
}

const countsOf = ({ items: _items, ...counts }: ListData<unknown>): Counts => counts;

/**
 * The counts are not re-run for every page of the same filter (decision 009): the first answer of a filter
 * brings `total` and the tab counts; paging or re-sorting it asks with `counts=false` (`countsQuery`), and
 * `withCounts` puts the counts kept for the filter back on that answer. A new search, tab, page size or
 * filter asks for them again, as does opening the list anew (the counts live as long as the list), or
 * `forget()` after the list's own change (a delete): another's change shows on the next filter or reload.
 */
export function useListCounts(state: ListState, scope?: unknown) {
  // `request`: the page and sort whose answer brought the counts; asking it again keeps its query as it was
  // (the cached answer, and a refresh after a change brings fresh counts).
  const kept = useRef<{ key: string; request: string; counts: Counts } | undefined>(undefined);
  const merged = useRef<{ data: unknown; counts: Counts; result: unknown } | undefined>(undefined);
  const [, rerender] = useState(0);
  const key = countsKey(state, scope);
  const request = JSON.stringify([key, state.page, state.sort ?? null, state.direction]);
  return {
    /** Asks the counts again with the next request (after a change to the list's rows). */
    forget() {
      kept.current = undefined;
      rerender((count) => count + 1);
    },
    /** Spread into the list's query: `{ counts: false }` once the counts of this filter are known. */
    countsQuery:
      kept.current?.key === key && kept.current.request !== request ? { counts: false as const } : {},
    /**
     * The answer with counts: as it came (and its counts kept for the filter), or one without them
     * (`counts=false`) with the kept ones. A placeholder answer (the previous filter's, shown while the
     * new one loads) is never kept for the new filter.
     */
    withCounts<D extends ListData<unknown>>(data: D | undefined, isPlaceholderData = false): D | undefined {
      if (!data) return data;
      if (data.total !== undefined) {
        if (!isPlaceholderData) kept.current = { key, request, counts: countsOf(data) };
        return data;
      }
      const counts = kept.current?.counts;
      if (!counts) return data;
      // The same object for the same answer and counts, so a memo on it holds.
      if (merged.current?.data !== data || merged.current.counts !== counts) {
        merged.current = { data, counts, result: { ...data, ...counts } };
      }
      return merged.current.result as D;
    },
  };
}
