import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminInvitation, ApiError } from '@xp/contracts';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { type RenderWithProvidersOptions, renderWithProviders } from '@/test/render';

export const invitations: AdminInvitation[] = [
  {
    id: 4,
    email: 'nieuw.beheer@example.com',
    invitedBy: 'Anne Admin',
    createdAt: '2026-03-02T10:15:00.000Z',
    expiresAt: '2026-03-16T10:15:00.000Z',
    isExpired: false,
  },
  {
    id: 2,
    email: 'oud.beheer@example.com',
    invitedBy: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    expiresAt: '2026-01-19T09:00:00.000Z',
    isExpired: true,
  },
];

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

/**
 * Replaces `fetch` with a fake API. `routes` maps `METHOD /api/path` (without the query string) to a reply;
 * unknown routes answer 404. Every request is recorded.
 */
export function fakeApi(routes: Record<string, (request: RecordedRequest) => Reply>) {
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
      const route = routes[`${request.method} ${url.split('?')[0]}`];
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
