import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ApiError } from '@xp/contracts';
import { vi } from 'vitest';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { installSessionHooks } from '@/app/session';
import { sessionStore } from '@/app/session-store';

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

/** The answer of `cookierefresh` without a session. */
export const signedOut = (): Reply => ({
  status: 401,
  errors: [{ key: 'general', message: 'auth.refreshFailed' }],
});

export const switchOptions = {
  gyms: [],
  locations: [],
  employers: [],
  associations: [],
  contentEnvironments: [],
  suppliers: [],
};

/**
 * Replaces `fetch` with a fake API. `routes` maps `METHOD /api/path` (without the query string) to a reply;
 * `cookierefresh` answers "signed out" and `SwitchOptions` nothing unless given; other unknown routes 404.
 */
export function fakeApi(routes: Record<string, (request: RecordedRequest) => Reply>) {
  const all: Record<string, (request: RecordedRequest) => Reply> = {
    'POST /api/account/cookierefresh': signedOut,
    'GET /api/Account/SwitchOptions': () => ({ data: switchOptions }),
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
      const reply = route
        ? route(request)
        : { status: 404, errors: [{ key: 'general', message: 'errors.notFound' }] };
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

/** Starts the whole app at `path` (these pages navigate, so they are tested through their routes). */
export async function startApp(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, session: sessionStore }, history);
  installSessionHooks(router, queryClient);
  await act(async () => {
    render(<App router={router} queryClient={queryClient} env="test" />);
  });
  return router;
}

/** A registration code as the server makes them (at least 16 characters). */
export const CODE = 'k3Yx9QwErTy7UiOp2AsD';

/** An error reply of the server: `status`, one `{ key, message }`. */
export const failure = (status: number, message: string, key = 'general'): Reply => ({
  status,
  errors: [{ key, message }],
});
