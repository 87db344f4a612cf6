import { defined, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';

/**
 * The entries screen's state in the URL: page, search and sort of the shown list, the tab (`tab`:
 * 'refused'; none: the entries), the date range (YYYY-MM-DD, both included; none: today) and, on the refused
 * tab, `all` to show the check-ins let in already as well.
 */
export type EntryListState = ListState & { from?: string; to?: string; all?: boolean };

export const defaultEntryListState: EntryListState = { page: 1, pageSize: 25, direction: 'asc' };

export type EntryTab = 'entries' | 'refused';

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export function parseEntryListSearch(input: SearchInput<EntryListState>): EntryListState {
  const search = input as Record<string, unknown>;
  const list = parseListSearch(input);
  return defined({
    ...list,
    tab: oneOf(list.tab, ['refused'] as const),
    from: isDay(search.from) ? search.from : undefined,
    to: isDay(search.to) ? search.to : undefined,
    all: search.all === true ? true : undefined,
  });
}

/**
 * The state a list works with: without a sort of its own, newest first by `field` (the entries by entry
 * time, the refused check-ins by their moment), so the sort header shows it and a click turns it round.
 */
export function newestFirst<S extends ListState>(state: S, field: string): S {
  return state.sort ? state : { ...state, sort: field, direction: 'desc' };
}

/** A change of the list as the URL keeps it: the default order of `newestFirst` stays out of the URL. */
export function withoutDefaultSort<S extends ListState>(urlState: S, next: S, field: string): S {
  if (urlState.sort || next.sort !== field || next.direction !== 'desc') return next;
  return { ...next, sort: undefined, direction: 'asc' };
}
