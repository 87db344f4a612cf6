import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { locationAreaEndpoints as endpoints } from '@xp/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiListQuery, useApiMutation } from './api-hooks';

afterEach(() => vi.unstubAllGlobals());

const answer = (data: unknown) =>
  new Response(JSON.stringify({ ok: true, data, errors: [] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A server that answers each list request with its page number as `total` (held back while `hold` is set). */
function fakeServer() {
  let release: (() => void) | undefined;
  const server = {
    hold: false,
    release: () => release?.(),
    fetch: vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') return answer(null);
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      if (server.hold) await new Promise<void>((resolve) => (release = resolve));
      return answer({ items: [], total: page });
    }),
  };
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

/** The query client of the test that runs (each test makes its own with `freshClient`). */
let client: QueryClient;
const freshClient = () => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client;
};

function Wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useApiListQuery', () => {
  it("keeps the previous page's rows while the next page loads", async () => {
    const server = fakeServer();
    freshClient();
    const { result, rerender } = renderHook(
      ({ page }) => useApiListQuery(endpoints.list, { query: { page, pageSize: 25 } }),
      { wrapper: Wrapper, initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.data?.total).toBe(1));

    server.hold = true;
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current.data?.total).toBe(1);
    expect(result.current.isPlaceholderData).toBe(true);

    act(() => server.release());
    await waitFor(() => expect(result.current.data?.total).toBe(2));
    expect(result.current.isPlaceholderData).toBe(false);
  });
});

describe('useApiMutation', () => {
  it('asks the queries it invalidates again, and settles when they are back', async () => {
    const server = fakeServer();
    freshClient();
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => ({
        list: useApiListQuery(endpoints.list, { query: { page: 1, pageSize: 25 } }),
        remove: useApiMutation(endpoints.remove, { invalidates: [endpoints.list], onSuccess }),
      }),
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.total).toBe(1));
    const listRequests = () =>
      server.fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').length;
    expect(listRequests()).toBe(1);

    await act(() => result.current.remove.mutateAsync({ params: { id: 9 } }));
    expect(onSuccess).toHaveBeenCalledOnce();
    // The list was asked again before the mutation settled.
    expect(listRequests()).toBe(2);
  });
});
