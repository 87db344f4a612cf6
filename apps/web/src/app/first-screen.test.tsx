import { createMemoryHistory, defaultParseSearch } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { accountEndpoints, type Claims, type SwitchOptions } from '@xp/contracts';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationEmployee } from '@/features/member/test-support';
import { apiQueryKey } from './api-hooks';
import { dropFirstData, startFirstData } from './first-data';
import { firstDataRoutes } from './first-data-routes';
import { FIRST_SCREEN_WAIT_MS, startFirstScreen } from './first-screen';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { forgetRestoredSession, restoreSession, SessionGate } from './session';
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

const memberPage = { items: [], totalCount: 0 };

/**
 * A fake API whose restore answers only when the test lets it, and the calls whose address starts with one of
 * `hanging` never; records each request as it is made.
 */
function fakeApi(claims: Claims | null, hanging: string[] = []) {
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
      if (hanging.some((start) => url.startsWith(start))) return new Promise<Response>(() => {});
      if (url === '/api/account/restore') {
        await restored;
        return reply({ claims });
      }
      if (url === '/api/Account/SwitchOptions') return reply(switchOptions);
      if (url.startsWith('/api/Member?')) return reply(memberPage);
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

  it('settles only once the session is restored and the router has loaded the address', async () => {
    const api = fakeApi(locationEmployee());
    const { queryClient, router, done } = start('/location/members');
    let settled = false;
    void done.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(router.state.matches).toEqual([]);

    api.answerRestore();
    await done;
    expect(router.state.status).toBe('idle');
    expect(router.state.matches.map((match) => [match.routeId, match.status])).toEqual([
      ['__root__', 'success'],
      ['/_app', 'success'],
      ['/_app/location', 'success'],
      ['/_app/location/members', 'success'],
      ['/_app/location/members/', 'success'],
    ]);
    // The route's loader has asked the list, and the first screen waited for its answer (it renders with
    // its rows), which is in the query the page reads.
    const list = firstDataRoutes.locationMembers.call(firstDataRoutes.locationMembers.search({}));
    if (!list) throw new Error('the members route asks a list');
    expect(queryClient.getQueryData(apiQueryKey(list.endpoint, list.input))).toEqual(memberPage);
  });

  describe('with fake timers', () => {
    beforeEach(async () => {
      // The screen's code in the module graph first (its loading is no timer's): the fake clock times the wait.
      const router = createAppRouter(
        { queryClient: createQueryClient(), session: sessionStore },
        createMemoryHistory({ initialEntries: ['/location/members'] }),
      );
      const [routes] = router.getMatchedRoutes('/location/members');
      await Promise.all(routes.map((route) => router.loadRouteChunk(route)));
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Whether `done` has settled once the fake clock has run `ms` further. */
    async function settledAfter(done: Promise<unknown>, ms: number) {
      let settled = false;
      void done.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(ms);
      return settled;
    }

    it('settles at the latest after FIRST_SCREEN_WAIT_MS when the list call never answers', async () => {
      const api = fakeApi(locationEmployee(), ['/api/Member']);
      const { done } = start('/location/members');
      api.answerRestore();
      expect(await settledAfter(done, FIRST_SCREEN_WAIT_MS)).toBe(true);
      expect(api.requests).toContain('GET /api/Member?page=1&pageSize=25&direction=asc');
    });

    it('settles after FIRST_SCREEN_WAIT_MS, not before, when the switch options never answer', async () => {
      const api = fakeApi(locationEmployee(), ['/api/Account/SwitchOptions']);
      const { done } = start('/location/members');
      api.answerRestore();
      expect(await settledAfter(done, FIRST_SCREEN_WAIT_MS - 1)).toBe(false);
      expect(await settledAfter(done, 1)).toBe(true);
    });

    it('settles after FIRST_SCREEN_WAIT_MS, not before, when the restore never answers', async () => {
      fakeApi(locationEmployee());
      const { done } = start('/location/members');
      expect(await settledAfter(done, FIRST_SCREEN_WAIT_MS - 1)).toBe(false);
      expect(await settledAfter(done, 1)).toBe(true);
    });
  });

  it("marks the restore fulfilled once it has settled, so that React's use() does not suspend on it", async () => {
    const api = fakeApi(admin());
    const { done } = start('/admin/userOverview');
    expect(restoreSession()).toHaveProperty('status', 'pending');

    api.answerRestore();
    await done;
    expect(restoreSession()).toHaveProperty('status', 'fulfilled');
    // The session gate renders its children in the first render, without its fallback.
    const { container } = render(
      <Suspense fallback={<p>waiting</p>}>
        <SessionGate>
          <p>signed in</p>
        </SessionGate>
      </Suspense>,
    );
    expect(container).toHaveTextContent('signed in');
  });
});
