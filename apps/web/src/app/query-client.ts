import { QueryClient } from '@tanstack/react-query';
import { ApiCallError } from './api-client';

/** A request the server refused (4xx) will be refused again: only unreachable or failing servers retry. */
const shouldRetry = (failureCount: number, error: Error) =>
  failureCount < 2 && !(error instanceof ApiCallError && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
