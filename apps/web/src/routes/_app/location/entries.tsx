import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireAccess } from '@/app/route-access';
import { mayReadEntries } from '@/features/entry/access';
import { EntryListPage } from '@/features/entry/entry-list';
import { defaultEntryListState, type EntryListState, parseEntryListSearch } from '@/features/entry/search';

/** 'Entrees' of the active location: tab, days, page, search and sort live in the URL. */
export const Route = createFileRoute('/_app/location/entries')({
  validateSearch: parseEntryListSearch,
  search: { middlewares: [stripSearchParams(defaultEntryListState)] },
  beforeLoad: requireAccess(mayReadEntries),
  component: EntriesPage,
});

function EntriesPage() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EntryListPage state={state} onStateChange={(next: EntryListState) => void navigate({ search: next })} />
  );
}
