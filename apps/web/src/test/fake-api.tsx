import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { type ApiError, type Claims, type EndpointDefinition, endpointGroups } from '@xp/contracts';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { registerResponseSchemas } from '@/app/api-client';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { forgetRestoredSession, installSessionHooks } from '@/app/session';
import { sessionStore } from '@/app/session-store';
import { setLanguage } from '@/i18n';
import { type RenderWithProvidersOptions, renderWithProviders } from '@/test/render';

/** What the fake API answers: `status` (default 200), `data` and `errors` of the `{ ok, data, errors }` envelope. */
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

/** `METHOD /api/path` (without the query string) to a reply. */
export type Routes = Record<string, (request: RecordedRequest) => Reply>;

/** An error reply of the server: `status`, one `{ key, message }`. */
export const failure = (status: number, message: string, key = 'general'): Reply => ({
  status,
  errors: [{ key, message }],
});

/** `SwitchOptions` without any environment to switch to. */
export const noSwitchOptions = {
  gyms: [],
  locations: [],
  employers: [],
  associations: [],
  contentEnvironments: [],
  suppliers: [],
};

interface EndpointPattern {
  method: string;
  path: RegExp;
  params: number;
  endpoint: EndpointDefinition;
}

let endpointPatterns: EndpointPattern[] | undefined;

/** The contract's endpoint that `METHOD /api/path` calls (a literal path before one with parameters). */
function endpointCalled(method: string, path: string): EndpointDefinition | undefined {
  endpointPatterns ??= Object.values(endpointGroups)
    .flatMap((group) => Object.values(group) as EndpointDefinition[])
    .map((endpoint) => ({
      method: endpoint.method,
      path: new RegExp(
        `^/api${endpoint.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`,
      ),
      params: (endpoint.path.match(/\{\w+\}/g) ?? []).length,
      endpoint,
    }))
    .sort((a, b) => a.params - b.params);
  return endpointPatterns.find((pattern) => pattern.method === method && pattern.path.test(path))?.endpoint;
}

const registered: (() => void)[] = [];

/**
 * Registers the response schema of the endpoint that `METHOD /api/path` calls, for a fake API that answers
 * it: an answer called by a schema-free descriptor is then still checked against its contract, so a fake
 * answer that drifted from the contract fails the test. Forgotten after each test file (`setup.ts`).
 */
export function registerAnsweredEndpoint(method: string, path: string): void {
  const endpoint = endpointCalled(method, path);
  if (endpoint) registered.push(registerResponseSchemas([endpoint]));
}

/** Forgets the schemas registered by `registerAnsweredEndpoint` (the next test file starts without them). */
export function forgetAnsweredEndpoints(): void {
  for (const forget of registered.splice(0)) forget();
}

/**
 * Replaces `fetch` with a fake API. `routes` maps `METHOD /api/path` (without the query string) to a reply;
 * unknown routes answer 404. Every request is recorded with its parsed JSON body. The response schema of
 * each endpoint answered is registered (`registerAnsweredEndpoint`).
 */
export function fakeApi(given: Routes) {
  const requests: RecordedRequest[] = [];
  const refresh = given['POST /api/account/cookierefresh'];
  // The app restores its session at start-up with `restore`, which is `cookierefresh` answering claims null
  // instead of a 401: derived from a test's `cookierefresh` unless the test gives one itself.
  const routes: Routes = {
    ...(refresh && {
      'POST /api/account/restore': (request) => {
        const reply = refresh(request);
        return reply.status === 401 ? { data: { claims: null } } : reply;
      },
    }),
    ...given,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const path = url.split('?')[0] ?? url;
      const route = routes[`${request.method} ${path}`];
      if (route) registerAnsweredEndpoint(request.method, path);
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

/**
 * `fakeApi` for the whole app: `cookierefresh` answers `claims` (signed out when null) and `SwitchOptions`
 * nothing unless `routes` say otherwise.
 */
export function fakeAppApi(claims: Claims | null, routes: Routes) {
  return fakeApi({
    'POST /api/account/cookierefresh': () =>
      claims ? { data: { claims } } : failure(401, 'auth.refreshFailed'),
    'GET /api/Account/SwitchOptions': () => ({ data: noSwitchOptions }),
    ...routes,
  });
}

/** The requests to one endpoint. */
export const requestsTo = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.url.split('?')[0] === path);

/** The search params of a recorded request. */
export const queryOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '', 'http://localhost').searchParams);

/** Renders with the kit's providers and a fresh query cache that does not retry. */
export function renderWithQuery(ui: ReactElement, options?: RenderWithProvidersOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...renderWithProviders(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options),
  };
}

/** Starts the whole app at `path` (for screens that live in the shell, link and navigate). */
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

/** Resets session, language, storage, toasts and mocks around every test that starts the whole app. */
export function setUpAppTests() {
  beforeEach(async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    sessionStore.setClaims(null);
    forgetRestoredSession();
    await setLanguage('nl');
    localStorage.clear();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
