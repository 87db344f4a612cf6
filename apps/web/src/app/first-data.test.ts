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
const RESTORE = '/api/account/restore';
const OPTIONS = '/api/Account/SwitchOptions';

let session: unknown;
let refused: string[];
let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
const asked = () => fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  session = { userId: 1 };
  refused = [];
  fetchMock = vi.fn(async (url: string) => {
    if (url === RESTORE) return reply(200, { claims: session });
    if (refused.includes(url)) {
      refused = refused.filter((each) => each !== url);
      return reply(401, null);
    }
    return reply(200, rows);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  dropFirstData();
  vi.unstubAllGlobals();
});

describe("the page's first requests", () => {
  it("asks the restore at once, then the switch options and the list route's call for the address's search", async () => {
    expect(page('/location/members/', '?page=2&search=jan&sort=name&direction=desc')).toBe(
      '/api/Member?page=2&pageSize=25&direction=desc&search=jan&sort=name',
    );
    expect(asked()).toEqual([`POST ${RESTORE}`]);
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('same-origin');
    await settled();
    expect(asked()).toEqual([
      `POST ${RESTORE}`,
      `GET ${OPTIONS}`,
      'GET /api/Member?page=2&pageSize=25&direction=desc&search=jan&sort=name',
    ]);
    expect(page('/Location/Members')).toBe('/api/Member?page=1&pageSize=25&direction=asc');
  });

  it("asks only the session's where the route asks nothing (the debt tab) or on another page", async () => {
    expect(page('/location/members', '?tab=inDebt')).toBeUndefined();
    expect(page('/location/members/7')).toBeUndefined();
    expect(page('/admin/userOverview')).toBeUndefined();
    await settled();
    expect(asked().sort()).toEqual([...Array(3).fill(`GET ${OPTIONS}`), ...Array(3).fill(`POST ${RESTORE}`)]);
  });

  it('asks nothing more without a session: the calls ask themselves', async () => {
    session = null;
    page('/location/members');
    await settled();
    expect(asked()).toEqual([`POST ${RESTORE}`]);
    await expect(call(accountCalls.restoreSession)).resolves.toEqual({ claims: null });
    refused = ['/api/Member?page=1&pageSize=25&direction=asc'];
    await expect(
      call(memberCalls.list, { query: { page: 1, pageSize: 25, direction: 'asc' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(asked()).toEqual([`POST ${RESTORE}`, 'GET /api/Member?page=1&pageSize=25&direction=asc']);
  });

  it('are the answers of the same calls of the app, once each', async () => {
    page('/location/members', '?page=2');
    const query = { page: 2, pageSize: 25, direction: 'asc' } as const;
    expect(takeFirstData('GET', '/api/Member?page=3&pageSize=25&direction=asc')).toBeUndefined();
    await expect(call(accountCalls.restoreSession)).resolves.toEqual({ claims: session });
    await expect(call(memberCalls.list, { query })).resolves.toEqual(rows);
    await expect(call(accountCalls.switchOptions)).resolves.toEqual(rows);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await call(memberCalls.list, { query });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('are asked again when refused (an expired token), as any call', async () => {
    refused = ['/api/Member?page=1&pageSize=25&direction=asc'];
    page('/location/members');
    await expect(
      call(memberCalls.list, { query: { page: 1, pageSize: 25, direction: 'asc' } }),
    ).resolves.toEqual(rows);
    expect(asked().filter((request) => request.includes('/api/Member'))).toHaveLength(2);
  });

  it('are forgotten when dropped', () => {
    const url = page('/location/members') ?? '';
    dropFirstData();
    expect(takeFirstData('GET', url)).toBeUndefined();
    expect(takeFirstData('POST', RESTORE)).toBeUndefined();
  });
});
