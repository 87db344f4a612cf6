import { defaultParseSearch } from '@tanstack/react-router';
import { accountCalls, memberCalls } from '@xp/contracts/calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from './api-client';
import { dropFirstData, startFirstData, takeFirstData } from './first-data';
import { firstDataRoutes } from './first-data-routes';

const routes = Object.values(firstDataRoutes);
const page = (pathname: string, search = '') =>
  startFirstData(routes, { pathname, search }, defaultParseSearch);
const reply = (status: number, data: unknown) =>
  new Response(JSON.stringify({ ok: status < 400, data, errors: [] }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const rows = { items: [{ id: 1, fullName: 'Anna de Boer' }], totalCount: 1 };

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
beforeEach(() => {
  fetchMock = vi.fn(async () => reply(200, rows));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  dropFirstData();
  vi.unstubAllGlobals();
});

describe("the page's first request", () => {
  it("asks a list route's call for the address's search, as the router parses it", () => {
    expect(page('/location/members/', '?page=2&search=jan&sort=name&direction=desc')).toBe(
      '/api/Member?page=2&pageSize=25&direction=desc&search=jan&sort=name',
    );
    expect(page('/Location/Members')).toBe('/api/Member?page=1&pageSize=25&direction=asc');
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url} ${init.credentials}`)).toEqual([
      'POST /api/account/restore same-origin',
      'GET /api/Account/SwitchOptions same-origin',
      'GET /api/Member?page=2&pageSize=25&direction=desc&search=jan&sort=name same-origin',
      'POST /api/account/restore same-origin',
      'GET /api/Account/SwitchOptions same-origin',
      'GET /api/Member?page=1&pageSize=25&direction=asc same-origin',
    ]);
  });

  it("asks only the session's (restore, switch options) where the route asks nothing (the debt tab) or on another page", () => {
    expect(page('/location/members', '?tab=inDebt')).toBeUndefined();
    expect(page('/location/members/7')).toBeUndefined();
    expect(page('/admin/userOverview')).toBeUndefined();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(
      Array(3).fill(['/api/account/restore', '/api/Account/SwitchOptions']).flat(),
    );
  });

  it("is the answer of the loader's call of the same address, once", async () => {
    page('/location/members', '?page=2');
    const query = { page: 2, pageSize: 25, direction: 'asc' } as const;
    expect(takeFirstData('GET', '/api/Member?page=3&pageSize=25&direction=asc')).toBeUndefined();
    await expect(call(memberCalls.list, { query })).resolves.toEqual(rows);
    await expect(call(accountCalls.restoreSession)).resolves.toEqual(rows);
    await expect(call(accountCalls.switchOptions)).resolves.toEqual(rows);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await call(memberCalls.list, { query });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('is asked again when it was refused (signed out, an expired token), as any call', async () => {
    fetchMock
      .mockResolvedValueOnce(reply(200, rows))
      .mockResolvedValueOnce(reply(401, null))
      .mockResolvedValueOnce(reply(401, null));
    page('/location/members');
    await expect(
      call(memberCalls.list, { query: { page: 1, pageSize: 25, direction: 'asc' } }),
    ).resolves.toEqual(rows);
    await expect(call(accountCalls.switchOptions)).resolves.toEqual(rows);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('is forgotten when dropped', () => {
    const url = page('/location/members') ?? '';
    dropFirstData();
    expect(takeFirstData('GET', url)).toBeUndefined();
    expect(takeFirstData('POST', '/api/account/restore')).toBeUndefined();
  });
});
