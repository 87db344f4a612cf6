import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders, screen, waitFor } from '@/test/render';
import { GenericList, type ListColumn } from './generic-list';
import {
  EXPORT_MAX_ROWS,
  type ExportPage,
  exportFileName,
  fetchAllRows,
  type ListExport,
  toCsv,
} from './list-export';
import { defaultListState, type ListState } from './list-search';

interface Member {
  id: number;
  name: string;
  email: string;
  joinedAt: string;
  isActive: boolean;
  visits: number;
}

const members: Member[] = Array.from({ length: 250 }, (_, index) => ({
  id: index + 1,
  name: `Lid ${index + 1}`,
  email: `lid${index + 1}@example.nl`,
  joinedAt: '2026-03-05T10:00:00.000Z',
  isActive: index % 2 === 0,
  visits: index,
}));
members[0] = { ...members[0], name: 'Jansen; Piet "PJ"' } as Member;

const columns: ListColumn<Member>[] = [
  { id: 'name', header: 'Naam', cell: (m) => m.name, sortField: 'name', exportValue: (m) => m.name },
  // No exportValue: not in the file.
  { id: 'email', header: 'E-mail', cell: (m) => m.email },
  { id: 'joinedAt', header: 'Lid sinds', cell: (m) => m.joinedAt, exportValue: (m, f) => f.date(m.joinedAt) },
  { id: 'isActive', header: 'Actief', cell: (m) => String(m.isActive), exportValue: (m) => m.isActive },
  { id: 'visits', header: 'Bezoeken', cell: (m) => m.visits, exportValue: (m) => m.visits },
];

/** Plays the server: search, sort and page; pageSize at most 100 like `listQuery`. */
function serve(state: ListState, source: Member[] = members): ExportPage<Member> {
  if (state.pageSize > 100) throw new Error('pageSize above the API maximum');
  let rows = source.filter((m) => !state.search || m.name.includes(state.search));
  if (state.sort === 'name' && state.direction === 'desc') rows = [...rows].reverse();
  const start = (state.page - 1) * state.pageSize;
  return { items: rows.slice(start, start + state.pageSize), total: rows.length };
}

function Harness({ initial, listExport }: { initial?: Partial<ListState>; listExport?: ListExport<Member> }) {
  const [state, setState] = useState<ListState>({ ...defaultListState, ...initial });
  return (
    <GenericList<Member>
      columns={columns}
      data={serve(state)}
      state={state}
      onStateChange={setState}
      label="Leden"
      exportRows={listExport}
    />
  );
}

/** The downloaded files: the blob given to `URL.createObjectURL` and the anchor's `download` name. */
let downloads: { blob: Blob; fileName: string; href: string }[];
let blobs: Blob[];

beforeEach(() => {
  downloads = [];
  blobs = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ blob: blobs[blobs.length - 1] as Blob, fileName: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function bytes(blob: Blob) {
  return new Uint8Array(await blob.arrayBuffer());
}
const text = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytes(blob));

describe('GenericList export', () => {
  it('has no export button without exportRows', () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('button', { name: 'Exporteren' })).not.toBeInTheDocument();
  });

  it('fetches every page of the current search and sort, 100 rows at a time, and downloads the CSV', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 23, 9, 30), toFake: ['Date'] });
    const fetchPage = vi.fn(async (state: ListState) => serve(state));
    const { user } = renderWithProviders(
      <Harness
        initial={{ page: 2, search: 'Lid', sort: 'name', direction: 'desc', tab: 'active' }}
        listExport={{ fileName: 'leden', fetchPage }}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(downloads).toHaveLength(1));

    // 249 rows match 'Lid' (the first is renamed): pages 1-3 of 100, with the list's search, sort and tab.
    expect(fetchPage.mock.calls.map(([state]) => state)).toEqual(
      [1, 2, 3].map((page) => ({
        page,
        pageSize: 100,
        search: 'Lid',
        sort: 'name',
        direction: 'desc',
        tab: 'active',
      })),
    );
    const [download] = downloads;
    expect(download?.fileName).toBe('leden-2026-11-23.csv');
    expect(download?.href).toBe('blob:test/1');
    expect(download?.blob.type).toBe('text/csv;charset=utf-8');
    const csv = await text(download?.blob as Blob);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFNaam;Lid sinds;Actief;Bezoeken');
    expect(lines[1]).toBe('Lid 250;05-03-2026;Nee;249');
    expect(lines).toHaveLength(1 + 249 + 1);
    expect(lines[249]).toBe('Lid 2;05-03-2026;Nee;1');
    expect(lines[250]).toBe('');
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1'));
  });

  it('starts the file with the UTF-8 BOM and quotes cells with ; and "', async () => {
    const fetchPage = vi.fn(async (state: ListState) => serve(state));
    const { user } = renderWithProviders(<Harness listExport={{ fileName: 'leden', fetchPage }} />);
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(downloads).toHaveLength(1));

    const raw = await bytes(downloads[0]?.blob as Blob);
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await text(downloads[0]?.blob as Blob)).split('\r\n');
    expect(lines[1]).toBe('"Jansen; Piet ""PJ""";05-03-2026;Ja;0');
    expect(lines).toHaveLength(1 + 250 + 1);
  });

  it('shows the loading state on the button while it fetches', async () => {
    let release: (page: ExportPage<Member>) => void = () => {};
    const fetchPage = vi.fn(
      () =>
        new Promise<ExportPage<Member>>((resolve) => {
          release = resolve;
        }),
    );
    const { user } = renderWithProviders(<Harness listExport={{ fileName: 'leden', fetchPage }} />);
    const button = screen.getByRole('button', { name: 'Exporteren' });
    await user.click(button);
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(button).toBeDisabled();

    release({ items: members.slice(0, 3), total: 3 });
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(downloads).toHaveLength(1);
  });

  it(`stops at ${EXPORT_MAX_ROWS} rows and says the file was cut off`, async () => {
    const many = Array.from({ length: 10_050 }, (_, index) => ({
      ...members[1],
      id: index,
      name: `Lid ${index}`,
    }));
    const fetchPage = vi.fn(async (state: ListState) => serve(state, many as Member[]));
    const { user } = renderWithProviders(<Harness listExport={{ fileName: 'leden', fetchPage }} />);
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));

    expect(await screen.findByText('Export ingekort')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Het bestand bevat de eerste 10.000 van 10.050 rijen. Verfijn de zoekopdracht of filters om de rest te exporteren.',
      ),
    ).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(100);
    const lines = (await text(downloads[0]?.blob as Blob)).split('\r\n');
    expect(lines).toHaveLength(1 + 10_000 + 1);
    expect(lines[10_000]).toBe('Lid 9999;05-03-2026;Nee;1');
  });

  it('shows a translated error toast when a page fails, and downloads nothing', async () => {
    const fetchPage = vi
      .fn<(state: ListState) => Promise<ExportPage<Member>>>()
      .mockResolvedValueOnce({ items: members.slice(0, 100), total: 250 })
      .mockRejectedValueOnce(new Error('HTTP 500'));
    const { user } = renderWithProviders(<Harness listExport={{ fileName: 'leden', fetchPage }} />, {
      language: 'en',
    });
    const button = screen.getByRole('button', { name: 'Export' });
    await user.click(button);

    expect(await screen.findByText('The export failed. Please try again.')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(downloads).toHaveLength(0);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(button).not.toHaveAttribute('data-loading');
  });
});

describe('list export helpers', () => {
  it('writes booleans, numbers, empty and formula-like cells as a spreadsheet should read them', async () => {
    const csv = await toCsv<{ v: unknown }>(
      [{ header: 'Waarde', exportValue: (row) => row.v as never }],
      [{ v: true }, { v: 12.5 }, { v: -3 }, { v: null }, { v: '=SUM(A1)' }, { v: 'regel 1\nregel 2' }],
      i18n.getFixedT('en'),
    );
    expect(csv).toBe('\uFEFFWaarde\r\nYes\r\n12,5\r\n-3\r\n\r\n"\'=SUM(A1)"\r\n"regel 1\nregel 2"\r\n');
  });

  it('names the file after the local date', () => {
    expect(exportFileName('gebruikers', new Date(2026, 0, 9, 23, 59))).toBe('gebruikers-2026-01-09.csv');
  });

  it('stops at a short page even when the total said more', async () => {
    const fetchPage = vi
      .fn<(state: ListState) => Promise<ExportPage<number>>>()
      .mockResolvedValueOnce({ items: Array.from({ length: 100 }, (_, i) => i), total: 300 })
      .mockResolvedValueOnce({ items: [100, 101], total: 300 });
    const result = await fetchAllRows(fetchPage, defaultListState);
    expect(result).toMatchObject({ total: 300, isCut: false });
    expect(result.rows).toHaveLength(102);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
