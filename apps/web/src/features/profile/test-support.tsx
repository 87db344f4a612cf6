import { notifications } from '@mantine/notifications';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { type ApiError, type Claims, Environment, type Profile } from '@xp/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { forgetRestoredSession, installSessionHooks } from '@/app/session';
import { sessionStore } from '@/app/session-store';
import { admin } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';

export interface Reply {
  status?: number;
  data?: unknown;
  errors?: ApiError[];
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

type Routes = Record<string, (request: RecordedRequest) => Reply>;

/** An admin in the Admin environment, user 1. */
export const adminClaims = admin({
  userId: 1,
  name: 'Anne de Beheerder',
  activeEnvironment: Environment.Admin,
  activeGymId: null,
});

export const adminProfile: Profile = {
  id: 1,
  email: 'anne@example.com',
  firstName: 'Anne',
  insertion: 'de',
  lastName: 'Beheerder',
  phoneNumber: '06 12345678',
  language: 'nl',
  isTfaEnabled: false,
  pendingEmail: null,
  role: 'Admin',
};

export const noSwitchOptions = {
  gyms: [],
  locations: [],
  employers: [],
  associations: [],
  contentEnvironments: [],
  suppliers: [],
};

/** An error reply of the server: `status`, one `{ key, message }`. */
export const failure = (status: number, message: string, key = 'general'): Reply => ({
  status,
  errors: [{ key, message }],
});

/**
 * Replaces `fetch` with a fake API. `routes` maps `METHOD /api/path` (without the query string) to a reply.
 * `cookierefresh` answers `claims` (signed out when null) and `SwitchOptions` nothing unless given; other
 * unknown routes answer 404. Every request is recorded.
 */
export function fakeApi(claims: Claims | null, routes: Routes) {
  const all: Routes = {
    'POST /api/account/cookierefresh': () =>
      claims ? { data: { claims } } : failure(401, 'auth.refreshFailed'),
    'GET /api/Account/SwitchOptions': () => ({ data: noSwitchOptions }),
    ...routes,
  };
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = all[`${request.method} ${url.split('?')[0]}`];
      const reply = route ? route(request) : failure(404, 'errors.notFound');
      const status = reply.status ?? 200;
      const ok = status < 400;
      return new Response(
        JSON.stringify({ ok, data: ok ? (reply.data ?? null) : null, errors: reply.errors ?? [] }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return requests;
}

/** The requests to one endpoint. */
export const requestsTo = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.url.split('?')[0] === path);

/** The search params of a recorded request. */
export const queryOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '', 'http://localhost').searchParams);

/** Starts the whole app at `path`: these screens live in the shell, link and navigate. */
export async function startApp(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, session: sessionStore }, history);
  installSessionHooks(router, queryClient);
  await act(async () => {
    render(<App router={router} queryClient={queryClient} env="test" />);
  });
  return { router, queryClient };
}

/** A fresh session, Dutch, no toasts and the real `fetch` back after each test. */
export function setUpAppTests() {
  beforeEach(async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    sessionStore.setClaims(null);
    forgetRestoredSession();
    localStorage.clear();
    await setLanguage('nl');
    localStorage.clear();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
