import {
  accountEndpoints,
  CLAIMS_TAG_HEADER,
  type Claims,
  claimsTag,
  locationAreaEndpoints,
  userEndpoints,
} from '@xp/contracts';
import { accountCalls, userCalls } from '@xp/contracts/calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, call, refreshSession, registerResponseSchemas, setSessionHooks } from './api-client';

const claims: Claims = {
  userId: 1,
  role: 'Employee',
  rights: [],
  activeGymId: 1,
  activeLocationId: 2,
  activeEmployerId: null,
  activeAssociationId: null,
  activeContentEnvironmentId: null,
  activeSupplierId: null,
  activeEnvironment: 3,
  gymRights: [],
  locationRights: ['2:ManageLocationAreas'],
  name: 'Sanne de Vries',
  language: 'nl',
};

const area = {
  id: 5,
  locationId: 2,
  name: 'Zaal 1',
  sameAddressAsLocation: true,
  street: null,
  houseNumber: null,
  postalCode: null,
  city: null,
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok = (data: unknown) => json(200, { ok: true, data, errors: [] });
const expired = () =>
  json(
    401,
    { ok: false, data: null, errors: [{ key: 'general', message: 'auth.sessionExpired' }] },
    { 'Token-Expired': 'true' },
  );

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;
const hooks = { onRefreshed: vi.fn(), onRefreshFailed: vi.fn(), onUnauthorized: vi.fn() };

beforeEach(() => {
  fetchMock = vi.fn<Handler>();
  vi.stubGlobal('fetch', fetchMock);
  setSessionHooks(hooks);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const urls = () => fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);

describe('call', () => {
  it('builds the path, query and JSON body from the contract and answers the parsed data', async () => {
    fetchMock.mockResolvedValueOnce(ok({ items: [area], total: 1 }));
    const result = await call(locationAreaEndpoints.list, {
      query: { page: 2, search: 'zaal', sort: undefined },
    });
    expect(result.items[0]?.name).toBe('Zaal 1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/LocationArea?page=2&search=zaal');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    expect((init.headers as Record<string, string>).Accept).toBe('application/json');

    fetchMock.mockResolvedValueOnce(ok(area));
    await call(locationAreaEndpoints.get, { params: { id: 5 } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/LocationArea/5');

    fetchMock.mockResolvedValueOnce(ok(area));
    await call(locationAreaEndpoints.create, { body: { name: 'Zaal 1', sameAddressAsLocation: true } });
    const [, post] = fetchMock.mock.calls[2]!;
    expect(post.method).toBe('POST');
    expect((post.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(post.body as string)).toEqual({ name: 'Zaal 1', sameAddressAsLocation: true });
  });

  it('passes form data through untouched, without a JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(ok(area));
    const form = new FormData();
    form.append('name', 'Zaal 1');
    await call(locationAreaEndpoints.create, { body: form });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws ApiCallError with the status and errors when the answer is not ok', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { ok: false, data: null, errors: [{ key: 'general', message: 'auth.invalidCredentials' }] }),
    );
    const error = await call(accountEndpoints.cookieLogin, {
      body: { email: 'a@b.nl', password: 'x' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({
      status: 400,
      errors: [{ key: 'general', message: 'auth.invalidCredentials' }],
    });
  });

  it('answers general_error when the server sends no envelope or is unreachable', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call(accountEndpoints.switchOptions)).rejects.toMatchObject({
      status: 502,
      errors: [{ key: 'general', message: 'general_error' }],
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call(accountEndpoints.switchOptions)).rejects.toMatchObject({ status: 0 });
  });

  it('reports a 401 without Token-Expired as a lost session, without refreshing', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { ok: false, data: null, errors: [{ key: 'general', message: 'auth.signInRequired' }] }),
    );
    await expect(call(locationAreaEndpoints.get, { params: { id: 5 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(urls()).toEqual(['GET /api/LocationArea/5']);
  });
});

describe('expired access token', () => {
  it('shares one refresh between concurrent 401s and retries each call once', async () => {
    const seen = new Map<string, number>();
    let releaseRefresh: () => void = () => {};
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/account/cookierefresh') {
        await new Promise<void>((resolve) => {
          releaseRefresh = resolve;
        });
        return ok({ claims });
      }
      const count = (seen.get(url) ?? 0) + 1;
      seen.set(url, count);
      return count === 1 ? expired() : ok(area);
    });

    const calls = [1, 2, 3].map((id) => call(locationAreaEndpoints.get, { params: { id } }));
    await vi.waitFor(() => expect(urls().filter((entry) => entry.includes('cookierefresh'))).toHaveLength(1));
    releaseRefresh();
    const results = await Promise.all(calls);

    expect(results.map((result) => result.name)).toEqual(['Zaal 1', 'Zaal 1', 'Zaal 1']);
    expect(urls().filter((entry) => entry === 'POST /api/account/cookierefresh')).toHaveLength(1);
    for (const id of [1, 2, 3]) expect(seen.get(`/api/LocationArea/${id}`)).toBe(2);
    expect(hooks.onRefreshed).toHaveBeenCalledWith(claims);
    expect(hooks.onRefreshFailed).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is the answer', async () => {
    fetchMock.mockImplementation(async (url) => (url.includes('cookierefresh') ? ok({ claims }) : expired()));
    await expect(call(locationAreaEndpoints.get, { params: { id: 1 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(urls()).toEqual([
      'GET /api/LocationArea/1',
      'POST /api/account/cookierefresh',
      'GET /api/LocationArea/1',
    ]);
  });

  it('yields 400 Refresh failed and triggers the login redirect once when the refresh fails', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.includes('cookierefresh')
        ? json(401, { ok: false, data: null, errors: [{ key: 'general', message: 'auth.refreshFailed' }] })
        : expired(),
    );
    const results = await Promise.allSettled([
      call(locationAreaEndpoints.get, { params: { id: 1 } }),
      call(locationAreaEndpoints.get, { params: { id: 2 } }),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as ApiCallError;
      expect(error).toBeInstanceOf(ApiCallError);
      expect(error.status).toBe(400);
      expect(error.errors).toEqual([{ key: 'general', message: 'Refresh failed' }]);
    }
    expect(urls().filter((entry) => entry.includes('cookierefresh'))).toHaveLength(1);
    expect(hooks.onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });

  it('starts a new refresh for a later expiry', async () => {
    let refreshes = 0;
    let attempt = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url.includes('cookierefresh')) {
        refreshes += 1;
        return ok({ claims });
      }
      attempt += 1;
      return attempt % 2 === 1 ? expired() : ok(area);
    });
    await call(locationAreaEndpoints.get, { params: { id: 1 } });
    await call(locationAreaEndpoints.get, { params: { id: 1 } });
    expect(refreshes).toBe(2);
  });
});

describe('refreshSession', () => {
  it('answers the claims, or null without redirecting when there is no session', async () => {
    fetchMock.mockResolvedValueOnce(ok({ claims }));
    await expect(refreshSession()).resolves.toEqual(claims);
    fetchMock.mockResolvedValueOnce(json(401, { ok: false, data: null, errors: [] }));
    await expect(refreshSession()).resolves.toBeNull();
    expect(hooks.onRefreshFailed).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('claims tag', () => {
  const withTag = (tag: string) =>
    json(200, { ok: true, data: { items: [], total: 0 }, errors: [] }, { [CLAIMS_TAG_HEADER]: tag });
  const listAreas = () => call(locationAreaEndpoints.list, { query: {} });

  it('fetches the claims once when answers were served with other claims than the client holds', async () => {
    const granted: Claims = { ...claims, locationRights: [...claims.locationRights, '2:ManageLessons'] };
    let held = claims;
    hooks.onRefreshed.mockImplementation((next: Claims) => {
      held = next;
    });
    setSessionHooks({ ...hooks, currentClaims: () => held });
    fetchMock.mockImplementation(async (url) =>
      url.includes('cookierefresh') ? ok({ claims: granted }) : withTag(claimsTag(granted)),
    );
    await Promise.all([listAreas(), listAreas()]);
    await vi.waitFor(() => expect(hooks.onRefreshed).toHaveBeenCalledWith(granted));
    expect(urls().filter((entry) => entry === 'POST /api/account/cookierefresh')).toHaveLength(1);
  });

  it('does nothing while the tag matches the claims held', async () => {
    setSessionHooks({ ...hooks, currentClaims: () => claims });
    fetchMock.mockImplementation(async () => withTag(claimsTag(claims)));
    await listAreas();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(urls().filter((entry) => entry.includes('cookierefresh'))).toHaveLength(0);
  });
});

describe('schema-free descriptors (decision 010)', () => {
  const page = { items: [], total: 0, totalIsCapped: false };

  it('checks the answer against its registered schema (as the fake API registers the endpoints it answers)', async () => {
    const forget = registerResponseSchemas([accountEndpoints.restoreSession]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(ok({ claims: { userId: 'not a number' } }));
    await expect(call(accountCalls.restoreSession)).rejects.toBeInstanceOf(ApiCallError);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    forget();
  });

  it('takes the answer as sent when no schema is registered (production)', async () => {
    registerResponseSchemas([userEndpoints.list])();
    fetchMock.mockResolvedValueOnce(ok(page));
    await expect(call(userCalls.list, { query: { page: 1, pageSize: 25 } })).resolves.toEqual(page);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(`${init.method} ${url}`).toBe('GET /api/user?page=1&pageSize=25');
  });
});
