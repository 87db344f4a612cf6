import { act, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { INSIDE_REFRESH_MS } from './api';
import { deskEmployee, insideMembers, page, savedEntry } from './test-support';

setUpAppTests();
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.useRealTimers();
});

const url = '/api/Location/5/InsideMembers';

describe("the screen 'Binnen'", () => {
  it('opens from the menu with who is inside, how many, and a link to each member', async () => {
    const requests = fakeAppApi(deskEmployee(['ManageMembershipEntries', 'ManageMemberships']), {
      [`GET ${url}`]: page(insideMembers, 2),
    });
    const { router } = await startApp('/location');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Binnen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/insideMembers'));

    expect(await screen.findByRole('heading', { name: 'Binnen' })).toBeInTheDocument();
    expect(await screen.findByText('2 leden binnen')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Leden die nu binnen zijn' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Anouk Jansen');
    expect(rows[1]).toHaveTextContent('08:15');
    expect(rows[1]).toHaveTextContent('Fitness onbeperkt');
    expect(within(table).getByRole('link', { name: 'Emma Bakker' })).toHaveAttribute(
      'href',
      '/location/members/45',
    );
    expect(queryOf(requestsTo(requests, 'GET', url)[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'asc',
    });
  });

  it('names the members without a link for who may not open their screen (ManageMemberships)', async () => {
    fakeAppApi(deskEmployee(), { [`GET ${url}`]: page(insideMembers) });
    await startApp('/location/insideMembers');
    const table = await screen.findByRole('table', { name: 'Leden die nu binnen zijn' });
    expect(await within(table).findByText('Emma Bakker')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks again every 30 seconds', async () => {
    expect(INSIDE_REFRESH_MS).toBe(30_000);
    let items = insideMembers.slice(0, 1);
    const requests = fakeAppApi(deskEmployee(), {
      [`GET ${url}`]: () => ({ data: { items, total: items.length } }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'setInterval', 'Date'] });
    await startApp('/location/insideMembers');
    expect(await screen.findByText('1 lid binnen')).toBeInTheDocument();
    const asked = requestsTo(requests, 'GET', url).length;
    items = insideMembers;
    await act(() => vi.advanceTimersByTimeAsync(INSIDE_REFRESH_MS));
    await waitFor(() => expect(requestsTo(requests, 'GET', url).length).toBeGreaterThan(asked));
    expect(await screen.findByText('2 leden binnen')).toBeInTheDocument();
    expect(screen.getByText('Emma Bakker')).toBeInTheDocument();
  });

  it('records that a member left', async () => {
    let items = insideMembers;
    const requests = fakeAppApi(deskEmployee(), {
      [`GET ${url}`]: () => ({ data: { items, total: items.length } }),
      'PUT /api/Entry/104/Exit': () => {
        items = insideMembers.slice(0, 1);
        return { data: savedEntry({ id: 104, memberName: 'Emma Bakker', exitTime: '11:20' }) };
      },
    });
    await startApp('/location/insideMembers?sort=name&direction=desc');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Uitchecken Emma Bakker' }));
    expect(await screen.findByText('Emma Bakker is uitgecheckt om 11:20.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Entry/104/Exit')).toHaveLength(1);
    expect(await screen.findByText('1 lid binnen')).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', url).at(-1))).toMatchObject({
      sort: 'name',
      direction: 'desc',
    });
  });

  it('counts everyone inside while a search narrows the list', async () => {
    const requests = fakeAppApi(deskEmployee(), {
      [`GET ${url}`]: (request) =>
        queryOf(request).search
          ? { data: { items: insideMembers.slice(1), total: 1 } }
          : { data: { items: insideMembers, total: 2 } },
    });
    await startApp('/location/insideMembers?search=emma');
    expect(await screen.findByText('Emma Bakker')).toBeInTheDocument();
    expect(await screen.findByText('2 leden binnen')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', url).map(queryOf)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ search: 'emma' }),
        expect.objectContaining({ pageSize: '1' }),
      ]),
    );
  });

  it('says when nobody is inside', async () => {
    fakeAppApi(deskEmployee(), { [`GET ${url}`]: page([]) });
    await startApp('/location/insideMembers');
    expect(await screen.findByText('Er is nu niemand binnen')).toBeInTheDocument();
    expect(screen.getByText('0 leden binnen')).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    fakeAppApi(deskEmployee(), {
      [`GET ${url}`]: () => ({ status: 500, errors: [{ key: 'general', message: 'general_error' }] }),
    });
    await startApp('/location/insideMembers');
    expect(await screen.findByText('Kan niet worden opgehaald wie er binnen is')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeAppApi({ ...deskEmployee(), language: 'en' }, { [`GET ${url}`]: page(insideMembers) });
    await setLanguage('en');
    await startApp('/location/insideMembers');
    expect(await screen.findByRole('heading', { name: 'Inside' })).toBeInTheDocument();
    expect(await screen.findByText('2 members inside')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record exit Anouk Jansen' })).toBeInTheDocument();
  });
});
