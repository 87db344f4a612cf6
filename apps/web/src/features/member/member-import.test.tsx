import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberImportResult, MemberImportRow } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, within } from '@/test/render';
import { MemberImportModal } from './member-import';
import { MemberList } from './member-list';
import { defaultMemberListState } from './search';
import { gymManager, lists } from './test-support';

beforeEach(() => sessionStore.setClaims(gymManager()));
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  sessionStore.setClaims(null);
});

const IMPORT = 'POST /api/Member/Import';

const row = (number: number, patch: Partial<MemberImportRow> = {}): MemberImportRow => ({
  row: number,
  name: `Lid ${number}`,
  email: `lid${number}@example.com`,
  outcome: 'valid',
  errors: [],
  memberId: null,
  ...patch,
});

const checked: MemberImportResult = {
  dryRun: true,
  rows: [
    row(2),
    row(3, {
      outcome: 'error',
      errors: [
        { column: 'email', reason: 'validation.email' },
        { column: 'postalCode', reason: 'validation.postalCode' },
      ],
    }),
    row(4, { outcome: 'exists' }),
    row(5, {
      outcome: 'error',
      errors: [{ column: 'subscription', reason: 'member.errors.ageDoesNotMatch' }],
    }),
    row(6),
  ],
  counts: { valid: 2, created: 0, exists: 1, error: 2 },
};

const imported: MemberImportResult = {
  ...checked,
  dryRun: false,
  rows: checked.rows.map((entry, index) =>
    entry.outcome === 'valid' ? { ...entry, outcome: 'created', memberId: 100 + index } : entry,
  ),
  counts: { valid: 0, created: 2, exists: 1, error: 2 },
};

const xlsx = () =>
  new File(['PK fake'], 'leden.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

/** The `dryRun` flags the import calls sent (their bodies are multipart forms). */
const dryRunsSent = () =>
  (fetch as unknown as Mock).mock.calls
    .filter(([url]) => String(url).startsWith('/api/Member/Import'))
    .map(([, init]) => ((init as RequestInit).body as FormData).get('dryRun'));

describe('importing members', () => {
  it('checks the file, shows each row with its reasons, imports the good rows and shows the outcome', async () => {
    let calls = 0;
    const requests = fakeApi({ [IMPORT]: () => ({ data: calls++ === 0 ? checked : imported }) });
    const onClose = vi.fn();
    renderWithQuery(<MemberImportModal opened onClose={onClose} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Leden importeren' });
    expect(
      within(dialog).getByRole('button', {
        name: /Voorbeeldbestand downloaden \(leden_importeren_voorbeeld\.xlsx\)/,
      }),
    ).toBeInTheDocument();

    // Without a file nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Controleren' }));
    expect((await screen.findAllByText('Kies eerst een bestand.')).length).toBeGreaterThan(0);
    expect(requestsTo(requests, 'POST', '/api/Member/Import')).toHaveLength(0);

    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Controleren' }));
    const table = await within(dialog).findByRole('table', { name: 'Gecontroleerde rijen' });
    expect(
      within(dialog).getByText('5 rijen: 2 kunnen worden geïmporteerd · 1 bestaat al · 2 met fouten'),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Lid 2/ })).toHaveTextContent('Goed');
    const bad = within(table).getByRole('row', { name: /Lid 3/ });
    expect(bad).toHaveTextContent('Fout');
    expect(bad).toHaveTextContent('e-mail: Vul een geldig e-mailadres in');
    expect(bad).toHaveTextContent('postcode: Vul een geldige postcode in (1234 AB)');
    expect(within(table).getByRole('row', { name: /Lid 4/ })).toHaveTextContent(
      'Bestaat alEr is al een lid met dit e-mailadres; deze rij wordt overgeslagen.',
    );
    expect(within(table).getByRole('row', { name: /Lid 5/ })).toHaveTextContent(
      'abonnement: De leeftijd van het lid past niet bij dit abonnement',
    );

    // Only the rows with errors.
    await user.click(within(dialog).getByText('Met fouten (2)'));
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Importeren (2)' }));
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Import klaar');
    expect(status).toHaveTextContent('5 rijen: 2 leden aangemaakt · 1 bestaat al · 2 met fouten');
    const result = within(dialog).getByRole('table', { name: 'Geïmporteerde rijen' });
    expect(within(result).getByRole('row', { name: /Lid 6/ })).toHaveTextContent('Aangemaakt');
    expect(dryRunsSent()).toEqual(['true', 'false']);

    // The close button below the table (the header's cross has the same name).
    await user.click(within(dialog).getAllByRole('button', { name: 'Sluiten' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows why the server refused the file on the upload field and in a toast, in English too', async () => {
    fakeApi({ [IMPORT]: () => failure(400, 'member.import.errors.missingColumns', 'file') });
    renderWithQuery(<MemberImportModal opened onClose={vi.fn()} />, { language: 'en' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Import members' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await screen.findAllByText(/The header row lacks columns/)).toHaveLength(2);
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers nothing to import when no row is good', async () => {
    fakeApi({
      [IMPORT]: () => ({
        data: { ...checked, rows: [checked.rows[1]!], counts: { valid: 0, created: 0, exists: 0, error: 1 } },
      }),
    });
    renderWithQuery(<MemberImportModal opened onClose={vi.fn()} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Leden importeren' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Controleren' }));
    expect(
      await within(dialog).findByText('Geen enkele rij in dit bestand kan worden geïmporteerd.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importeren (0)' })).toBeDisabled();
  });

  it('opens from the member list', async () => {
    fakeApi({
      ...lists,
      'GET /api/Member': () => ({ data: { items: [], total: 0, tabCounts: { all: 0 } } }),
    });
    renderWithQuery(
      <MemberList
        scope="gym"
        state={defaultMemberListState}
        onStateChange={vi.fn()}
        onOpen={vi.fn()}
        onAdd={vi.fn()}
        onOpenRegistrations={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Leden importeren' }));
    expect(await screen.findByRole('dialog', { name: 'Leden importeren' })).toBeInTheDocument();
  });
});
