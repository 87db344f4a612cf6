import { createMemoryHistory, defaultParseSearch } from '@tanstack/react-router';
import { accountEndpoints, type Claims, type SwitchOptions } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationEmployee } from '@/features/member/test-support';
import { apiQueryKey } from './api-hooks';
import { dropFirstData, startFirstData } from './first-data';
import { firstDataRoutes } from './first-data-routes';
import { startFirstScreen } from './first-screen';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { forgetRestoredSession } from './session';
import { sessionStore } from './session-store';
import { admin } from './test-support/claims';

const switchOptions: SwitchOptions = {
  gyms: [{ id: 10, name: 'Fitland Utrecht' }],
  locations: [],
  employers: [],
  associations: [],
  contentEnvironments: [],
  suppliers: [],
};

/** A fake API whose restore answers only when the test lets it; records each request as it is made. */
function fakeApi(claims: Claims | null) {
  const requests: string[] = [];
  let answerRestore: () => void = () => {};
  const restored = new Promise<void>((resolve) => {
    answerRestore = resolve;
  });
  const reply = (data: unknown) =>
    new Response(JSON.stringify({ ok: true, data, errors: [] }), {
      headers: { 'Content-Type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push(`${init.method} ${url}`);
      if (url === '/api/account/restore') {
        await restored;
        return reply({ claims });
      }
      if (url === '/api/Account/SwitchOptions') return reply(switchOptions);
      if (url.startsWith('/api/Member?')) return reply({ items: [], totalCount: 0 });
      return new Response('{}', { status: 404 });
    }),
  );
  return { requests, answerRestore };
}

function start(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(
    { queryClient, session: sessionStore },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const loadRouteChunk = vi.spyOn(router, 'loadRouteChunk');
  return { queryClient, router, loadRouteChunk, done: startFirstScreen(router, queryClient) };
}

beforeEach(() => {
  sessionStore.setClaims(null);
  forgetRestoredSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the first screen', () => {
  it("loads the page's code while the session is restored, and the switch options once it is", async () => {
    const api = fakeApi(admin());
    const { queryClient, loadRouteChunk, done } = start('/admin/userOverview');

    // The restore has not answered, and the code of the page and its layouts is on its way already.
    const loaded = loadRouteChunk.mock.calls.map(([route]) => route.id);
    expect(loaded).toEqual(['__root__', '/_app', '/_app/admin', '/_app/admin/userOverview']);
    expect(api.requests).toEqual(['POST /api/account/restore']);

    api.answerRestore();
    await done;
    expect(api.requests).toEqual(['POST /api/account/restore', 'GET /api/Account/SwitchOptions']);
    expect(queryClient.getQueryData(apiQueryKey(accountEndpoints.switchOptions, {}))).toEqual(switchOptions);
  });

  it("asks the page's rows by its route's loader as soon as the session is known, not after its code", async () => {
    const api = fakeApi(locationEmployee());
    const { done } = start('/location/members?page=2');
    expect(api.requests).toEqual(['POST /api/account/restore']);

    api.answerRestore();
    await done;
    await vi.waitFor(() =>
      expect(api.requests).toContain('GET /api/Member?page=2&pageSize=25&direction=asc'),
    );
  });

  it("takes the page's own first requests (the restore; once it answers, the switch options and the route's call): each asked once", async () => {
    const api = fakeApi(locationEmployee());
    const early = startFirstData(
      Object.values(firstDataRoutes),
      { pathname: '/location/members', search: '?page=2' },
      defaultParseSearch,
    );
    const { done } = start('/location/members?page=2');
    const asked = ['POST /api/account/restore', 'GET /api/Account/SwitchOptions', `GET ${early}`];
    expect(api.requests).toEqual(asked.slice(0, 1));

    api.answerRestore();
    await done;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toEqual(asked);
  });

  it("drops the page's first request when no loader asked it (signed out)", async () => {
    const api = fakeApi(null);
    startFirstData(Object.values(firstDataRoutes), { pathname: '/location/members', search: '' }, () => ({}));
    const { done } = start('/location/members');
    api.answerRestore();
    await done;
    expect(window).not.toHaveProperty('__xpFirstData');
    dropFirstData();
  });

  it('asks no switch options without a session', async () => {
    const api = fakeApi(null);
    const { done } = start('/account/login');
    api.answerRestore();
    await done;
    expect(api.requests).toEqual(['POST /api/account/restore']);
  });
});
