import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderWithProviders, screen, within } from '@/test/render';
import { GenericList, type GenericListProps, type ListColumn, type RowId } from './generic-list';
import { defaultListState, type ListState } from './list-search';

interface Room {
  id: number;
  name: string;
  isActive: boolean;
}

const rooms: Room[] = Array.from({ length: 60 }, (_, index) => ({
  id: index + 1,
  name: `Zaal ${index + 1}`,
  isActive: index % 3 !== 0,
}));

const columns: ListColumn<Room>[] = [
  { id: 'name', header: 'Naam', cell: (room) => room.name, sortField: 'name' },
  { id: 'status', header: 'Status', cell: (room) => (room.isActive ? 'Actief' : 'Inactief') },
];

/** Plays the server: filters, sorts and pages the fixture by the list state. */
function query(state: ListState, source: Room[]) {
  let rows = source.filter((room) => !state.search || room.name.includes(state.search));
  const counts = { all: rows.length, active: rows.filter((room) => room.isActive).length };
  if (state.tab === 'active') rows = rows.filter((room) => room.isActive);
  if (state.sort === 'name') {
    rows = [...rows].sort((a, b) => (state.direction === 'asc' ? a.id - b.id : b.id - a.id));
  }
  const start = (state.page - 1) * state.pageSize;
  return { items: rows.slice(start, start + state.pageSize), total: rows.length, tabCounts: counts };
}

type HarnessProps = Partial<GenericListProps<Room>> & {
  initial?: Partial<ListState>;
  source?: Room[];
  onState?: (state: ListState) => void;
};

function Harness({ initial, source = rooms, onState, ...props }: HarnessProps) {
  const [state, setState] = useState<ListState>({ ...defaultListState, ...initial });
  const [selected, setSelected] = useState<RowId[]>([]);
  return (
    <GenericList<Room>
      columns={columns}
      data={query(state, source)}
      state={state}
      onStateChange={(next) => {
        onState?.(next);
        setState(next);
      }}
      getRowLabel={(room) => room.name}
      label="Zalen"
      selection={{ selectedIds: selected, onChange: setSelected }}
      {...props}
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Zalen' }))
    .getAllByRole('row')
    .slice(1);

describe('GenericList', () => {
  it('shows the rows of the page with 68 px rows and the caption', () => {
    renderWithProviders(<Harness />);
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows()[0]).toHaveStyle({ height: '68px' });
    expect(screen.getByRole('cell', { name: 'Zaal 1' })).toBeInTheDocument();
    expect(screen.getByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
  });

  it('pages with first and last page, neighbours and dots', async () => {
    const { user } = renderWithProviders(<Harness initial={{ pageSize: 5 }} />);
    const nav = screen.getByRole('navigation', { name: 'Paginering' });
    expect(within(nav).getByRole('button', { name: 'Pagina 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Pagina 12' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Pagina 6' })).not.toBeInTheDocument();
    expect(within(nav).getByText('...')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Pagina 12' }));
    expect(screen.getByText('Resultaten: 56 - 60 van 60')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Zaal 60' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Vorige pagina' }));
    expect(screen.getByText('Resultaten: 51 - 55 van 60')).toBeInTheDocument();
    // Small screen: one neighbour each side of page 11.
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Pagina/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '10', '11', '12']);
  });

  it('sorts by clicking a sortable header, toggling the direction', async () => {
    const { user } = renderWithProviders(<Harness />);
    const header = screen.getByRole('columnheader', { name: /Naam/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');

    await user.click(within(header).getByRole('button', { name: /Naam/ }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button', { name: /Naam/ }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(within(bodyRows()[0] as HTMLElement).getByText('Zaal 60')).toBeInTheDocument();
  });

  it('searches 300 ms after the last keystroke, back on page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onState = vi.fn();
      const { user } = renderWithProviders(<Harness initial={{ page: 2 }} onState={onState} />, {
        userEventOptions: { advanceTimers: vi.advanceTimersByTime },
      });
      await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'Zaal 5');
      act(() => vi.advanceTimersByTime(200));
      expect(onState).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(150));
      expect(onState).toHaveBeenCalledTimes(1);
      expect(onState).toHaveBeenCalledWith(expect.objectContaining({ search: 'Zaal 5', page: 1 }));
      expect(screen.getByText('Resultaten: 1 - 11 van 11')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by tab and shows the tab counts', async () => {
    const { user } = renderWithProviders(
      <Harness
        tabs={[
          { value: 'all', label: 'Alle' },
          { value: 'active', label: 'Actief' },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: /Alle/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tab', { name: /Actief/ })).getByText('40')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Actief/ }));
    expect(screen.getByText('Resultaten: 1 - 25 van 40')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Zaal 1' })).not.toBeInTheDocument();
  });

  it('says "more than" in the caption and the tab badge when the server capped the counts', () => {
    renderWithProviders(
      <Harness
        tabs={[
          { value: 'all', label: 'Alle' },
          { value: 'active', label: 'Actief' },
        ]}
        data={{
          items: rooms.slice(0, 25),
          total: 10_000,
          totalIsCapped: true,
          tabCounts: { all: 10_000, active: 40 },
          tabCountsCapped: ['all'],
        }}
      />,
    );
    expect(screen.getByText('Resultaten: 1 - 25 van meer dan 10.000')).toBeInTheDocument();
    expect(within(screen.getByRole('tab', { name: /Alle/ })).getByText('10.000+')).toBeInTheDocument();
    expect(within(screen.getByRole('tab', { name: /Actief/ })).getByText('40')).toBeInTheDocument();
  });

  it('shows the empty state texts and a reset button only when a filter is active', async () => {
    const first = renderWithProviders(<Harness source={[]} />);
    expect(screen.getByText('Er is niets om te tonen')).toBeInTheDocument();
    expect(screen.getByText('Er zijn geen resultaten gevonden.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters wissen' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Resultaten:/)).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderWithProviders(<Harness initial={{ search: 'Sportpark' }} />);
    expect(screen.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('Sportpark');
    await user.click(screen.getByRole('button', { name: 'Filters wissen' }));
    expect(screen.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('');
    expect(screen.getByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
  });

  it('shows skeleton rows while loading', () => {
    renderWithProviders(
      <GenericList<Room>
        columns={columns}
        data={undefined}
        isLoading
        state={defaultListState}
        onStateChange={() => {}}
        label="Zalen"
      />,
    );
    expect(screen.getByRole('table', { name: 'Zalen' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('Er is niets om te tonen')).not.toBeInTheDocument();
  });

  it('opens a row by click or Enter, and row actions do not open the row', async () => {
    const onRowClick = vi.fn();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { user } = renderWithProviders(
      <Harness
        onRowClick={onRowClick}
        rowActions={[
          { label: 'Bewerken', icon: <IconPencil />, onClick: onEdit },
          { label: 'Verwijderen', icon: <IconTrash />, color: 'red', onClick: onDelete },
        ]}
      />,
    );
    await user.click(screen.getByRole('cell', { name: 'Zaal 2' }));
    expect(onRowClick).toHaveBeenCalledWith(rooms[1]);

    await user.click(screen.getByRole('button', { name: 'Verwijderen Zaal 3' }));
    expect(onDelete).toHaveBeenCalledWith(rooms[2]);
    expect(onRowClick).toHaveBeenCalledTimes(1);

    (bodyRows()[3] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rooms[3]);
  });

  it('offers row actions in a menu', async () => {
    const onEdit = vi.fn();
    const { user } = renderWithProviders(
      <Harness rowActions={[{ label: 'Bewerken', onClick: onEdit }]} rowActionsVariant="menu" />,
    );
    await user.click(screen.getByRole('button', { name: 'Acties Zaal 4' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bewerken' }));
    expect(onEdit).toHaveBeenCalledWith(rooms[3]);
  });

  it('selects rows and all rows of the page', async () => {
    const { user } = renderWithProviders(<Harness initial={{ pageSize: 5 }} />);
    const all = screen.getByRole('checkbox', { name: 'Alles op deze pagina selecteren' });
    await user.click(screen.getByRole('checkbox', { name: 'Zaal 2 selecteren' }));
    expect(screen.getByRole('checkbox', { name: 'Zaal 2 selecteren' })).toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(6);
    await user.click(all);
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('has an add button labelled Toevoegen by default', async () => {
    const onAdd = vi.fn();
    const { user } = renderWithProviders(<Harness onAdd={onAdd} />);
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it('speaks English', () => {
    renderWithProviders(<Harness onAdd={() => {}} initial={{ pageSize: 10 }} />, { language: 'en' });
    expect(screen.getByText('Results: 1 - 10 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('moves to the last page when the current page is past the end', () => {
    const onState = vi.fn();
    renderWithProviders(<Harness initial={{ page: 9 }} onState={onState} />);
    expect(onState).toHaveBeenCalledWith(expect.objectContaining({ page: 3 }));
    expect(screen.getByText('Resultaten: 51 - 60 van 60')).toBeInTheDocument();
  });
});
