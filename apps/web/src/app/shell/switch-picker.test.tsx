import { SWITCH_OPTIONS_PAGE_SIZE } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { SwitchPicker, type SwitchPickerProps } from './switch-picker';

// Typing with the debounce and the fake server's answers take seconds on a busy machine.

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/api/Account/SwitchOptions/gym';

/** 120 gyms 'Gym 001' ... 'Gym 120' with ids 1 ... 120; the fake server searches and pages like the API. */
const gyms = Array.from({ length: 120 }, (_, index) => ({
  id: index + 1,
  name: `Gym ${String(index + 1).padStart(3, '0')}`,
}));

function fakeGyms(options: { capped?: boolean } = {}) {
  return fakeApi({
    [`GET ${PATH}`]: (request) => {
      const { search = '', page = '1' } = queryOf(request);
      const matches = gyms.filter((gym) => gym.name.toLowerCase().includes(search.toLowerCase()));
      const start = (Number(page) - 1) * SWITCH_OPTIONS_PAGE_SIZE;
      return {
        data: {
          items: matches.slice(start, start + SWITCH_OPTIONS_PAGE_SIZE),
          ...(options.capped ? { total: 10_000, totalIsCapped: true } : { total: matches.length }),
        },
      };
    },
  });
}

function renderPicker(props: Partial<SwitchPickerProps> = {}) {
  const onChange = vi.fn();
  const result = renderWithQuery(
    <SwitchPicker
      kind="gym"
      label="Sportschool"
      withLabel={false}
      icon={null}
      value="7"
      valueLabel="Gym 007"
      disabled={false}
      pending={false}
      onChange={onChange}
      {...props}
    />,
  );
  return { ...result, onChange, input: screen.getByRole('combobox', { name: 'Sportschool' }) };
}

describe('the switcher picker', () => {
  it('shows the active one, asks nothing until opened, then lists a page with the active one marked', async () => {
    const requests = fakeGyms();
    const { user, input } = renderPicker();
    expect(input).toHaveValue('Gym 007');
    expect(requestsTo(requests, 'GET', PATH)).toHaveLength(0);

    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: 'Gym 001' })).toBeInTheDocument();
    expect(within(listbox).getAllByRole('option')).toHaveLength(SWITCH_OPTIONS_PAGE_SIZE + 1);
    expect(within(listbox).getByRole('option', { name: 'Gym 007' })).toHaveAttribute('data-combobox-active');
    expect(screen.getByText('30 van 120 getoond — typ om te zoeken')).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', PATH)[0])).toEqual({ page: '1' });

    // 'Meer tonen' appends the next page.
    await user.click(within(listbox).getByRole('option', { name: 'Meer tonen' }));
    expect(await within(listbox).findByRole('option', { name: 'Gym 060' })).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', PATH)[1])).toEqual({ page: '2' });
    expect(screen.getByText('60 van 120 getoond — typ om te zoeken')).toBeInTheDocument();
  });

  it('searches on the server as the user types, and says when nothing matches', async () => {
    const requests = fakeGyms();
    const { user, input, onChange } = renderPicker();
    await user.click(input);
    await user.type(input, '11');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Gym 011',
        'Gym 110',
        'Gym 111',
        'Gym 112',
        'Gym 113',
        'Gym 114',
        'Gym 115',
        'Gym 116',
        'Gym 117',
        'Gym 118',
        'Gym 119',
      ]),
    );
    // Debounced: one request for the typed text, not one per key.
    expect(requestsTo(requests, 'GET', PATH).map((request) => queryOf(request).search)).toEqual([
      undefined,
      '11',
    ]);
    expect(screen.queryByText(/getoond/)).not.toBeInTheDocument();

    await user.click(within(listbox).getByRole('option', { name: 'Gym 113' }));
    expect(onChange).toHaveBeenCalledWith('113');
    // Closed, it shows the active one again (the switch renews it).
    expect(input).toHaveValue('Gym 007');

    await user.click(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText('Niets gevonden')).toBeInTheDocument();
  });

  it('is usable with the keyboard alone', async () => {
    fakeGyms();
    const { user, input, onChange } = renderPicker();
    await user.tab();
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'Gym 001' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toMatch(/^\d+$/);
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("offers the extra choice ('Hoofdlocatie') first, and says 'more than' when the count is capped", async () => {
    fakeGyms({ capped: true });
    const { user, input, onChange } = renderPicker({
      value: 'main',
      valueLabel: 'Hoofdlocatie',
      extra: { value: 'main', label: 'Hoofdlocatie' },
    });
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'Gym 001' });
    expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('Hoofdlocatie');
    expect(screen.getByText('30 van meer dan 10.000 getoond — typ om te zoeken')).toBeInTheDocument();
    // Choosing the active one again switches nothing.
    await user.click(within(listbox).getByRole('option', { name: 'Hoofdlocatie' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a failure in the list', async () => {
    fakeApi({});
    const { user, input } = renderPicker();
    await user.click(input);
    expect(await screen.findByText(/De lijst kon niet worden geladen/)).toBeInTheDocument();
  });
});
