import {
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import type { EndpointDefinition, ResponseOf } from '@xp/contracts';
import { type ApiCallError, type CallArgs, type Callable, type CallInput, call } from './api-client';

/**
 * The query key of an endpoint: `['api', method, path, input]`. Method and path identify the endpoint
 * (each is declared once in the contracts), so no two endpoints share a key. Without `input` it is the
 * prefix of every key of that endpoint, for `invalidateQueries`.
 */
export function apiQueryKey<E extends EndpointDefinition>(
  endpoint: Callable<E>,
  input?: CallInput<E>,
): QueryKey {
  const key = ['api', endpoint.method, endpoint.path];
  return input === undefined ? key : [...key, withoutSignal(input)];
}

/** Query options of an endpoint, for `useQuery`, `ensureQueryData` in a route loader, or prefetching. */
export function apiQueryOptions<E extends EndpointDefinition>(
  endpoint: Callable<E>,
  ...[input]: CallArgs<E>
) {
  const stable = (input ? withoutSignal(input) : {}) as CallInput<E>;
  return queryOptions<ResponseOf<E>, ApiCallError>({
    queryKey: apiQueryKey(endpoint, stable),
    queryFn: ({ signal }) => call(endpoint, ...([{ ...stable, signal }] as unknown as CallArgs<E>)),
  });
}

type QueryExtras<E extends EndpointDefinition, TData> = Omit<
  UseQueryOptions<ResponseOf<E>, ApiCallError, TData>,
  'queryKey' | 'queryFn'
>;

/** `useApiQuery(endpoint, input?, options?)`: the typed `data` of a GET endpoint through TanStack Query. */
export function useApiQuery<E extends EndpointDefinition, TData = ResponseOf<E>>(
  endpoint: Callable<E>,
  ...[input, options]: object extends CallInput<E>
    ? [input?: CallInput<E>, options?: QueryExtras<E, TData>]
    : [input: CallInput<E>, options?: QueryExtras<E, TData>]
) {
  const base = apiQueryOptions(endpoint, ...([input] as CallArgs<E>));
  return useQuery<ResponseOf<E>, ApiCallError, TData>({
    ...options,
    queryKey: base.queryKey,
    queryFn: base.queryFn,
  });
}

/** The variables of a mutation: its call input, which may be left out when every part is optional. */
export type MutationInput<E extends EndpointDefinition> =
  object extends CallInput<E> ? CallInput<E> | undefined : CallInput<E>;

/** `useApiMutation(endpoint, options?)`: `mutate({ params, query, body })` (or `{ params, form }` for a form endpoint) calls it. */
export function useApiMutation<E extends EndpointDefinition, TContext = unknown>(
  endpoint: Callable<E>,
  options?: Omit<UseMutationOptions<ResponseOf<E>, ApiCallError, MutationInput<E>, TContext>, 'mutationFn'>,
) {
  return useMutation<ResponseOf<E>, ApiCallError, MutationInput<E>, TContext>({
    ...options,
    mutationFn: (input) => call(endpoint, ...([input] as CallArgs<E>)),
  });
}

function withoutSignal<T extends object>(input: T): T {
  if (!('signal' in input)) return input;
  const { signal: _signal, ...rest } = input as T & { signal?: AbortSignal };
  return rest as T;
}
