import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { EndpointDefinition, ResponseOf } from '@xp/contracts';
import type { Descriptor } from '@xp/contracts/descriptor';
import { type ApiCallError, type CallArgs, type Callable, type CallInput, call } from './api-client';
import type { RouteCall } from './first-data';

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

/**
 * A route loader's call (first-data.ts) started as its query, not awaited: the page reads the same query, and
 * a new page or search keeps showing the previous rows while it loads (decision 010).
 */
export function prefetchCall(queryClient: QueryClient, routeCall: RouteCall | undefined): void {
  if (!routeCall) return;
  const options = apiQueryOptions(routeCall.endpoint, ...([routeCall.input] as CallArgs<EndpointDefinition>));
  void queryClient.prefetchQuery(options).catch(() => {});
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

/**
 * `useApiListQuery(endpoint, input?, options?)`: `useApiQuery` for a list (a page of rows, a search, a
 * tab): while the next page, search, sort or tab loads, the previous page's rows stay on screen
 * (`isPlaceholderData` says so) instead of a loader.
 */
export function useApiListQuery<E extends EndpointDefinition, TData = ResponseOf<E>>(
  endpoint: Callable<E>,
  ...[input, options]: object extends CallInput<E>
    ? [input?: CallInput<E>, options?: QueryExtras<E, TData>]
    : [input: CallInput<E>, options?: QueryExtras<E, TData>]
) {
  const base = apiQueryOptions(endpoint, ...([input] as CallArgs<E>));
  return useQuery<ResponseOf<E>, ApiCallError, TData>({
    ...options,
    placeholderData: keepPreviousData,
    queryKey: base.queryKey,
    queryFn: base.queryFn,
  });
}

/** An endpoint (or its descriptor) whose queries a change makes stale. */
export type QueriedEndpoint = Descriptor | EndpointDefinition;

/** The GET endpoints of a contract group: every query of a domain, e.g. for `invalidates`. */
export const queriesOf = (group: Record<string, QueriedEndpoint>): QueriedEndpoint[] =>
  Object.values(group).filter((endpoint) => endpoint.method === 'GET');

/**
 * Marks every query of these endpoints stale (whatever their input): the ones on screen are asked again,
 * and the promise resolves when they are back.
 */
export const invalidateApi = (queryClient: QueryClient, endpoints: readonly QueriedEndpoint[]) =>
  Promise.all(
    endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoint) })),
  );

/** `invalidateApi` as a hook, for a change that is no `useApiMutation` (a mutation takes `invalidates`). */
export function useInvalidate(endpoints: readonly QueriedEndpoint[]) {
  const queryClient = useQueryClient();
  return () => invalidateApi(queryClient, endpoints);
}

/** The variables of a mutation: its call input, which may be left out when every part is optional. */
export type MutationInput<E extends EndpointDefinition> =
  object extends CallInput<E> ? CallInput<E> | undefined : CallInput<E>;

export type ApiMutationOptions<E extends EndpointDefinition, TContext = unknown> = Omit<
  UseMutationOptions<ResponseOf<E>, ApiCallError, MutationInput<E>, TContext>,
  'mutationFn'
> & {
  /**
   * The endpoints whose queries are stale after a success (`invalidateApi`): the mutation settles when
   * the ones on screen are back, and after its own `onSuccess`.
   */
  invalidates?: readonly QueriedEndpoint[];
};

/**
 * `useApiMutation(endpoint, options?)`: `mutate({ params, query, body })` (or `{ params, form }` for a form
 * endpoint) calls it; `invalidates: [endpoints.list, endpoints.get]` says which queries it makes stale.
 */
export function useApiMutation<E extends EndpointDefinition, TContext = unknown>(
  endpoint: Callable<E>,
  options?: ApiMutationOptions<E, TContext>,
) {
  const queryClient = useQueryClient();
  const { invalidates, onSuccess, ...rest } = options ?? {};
  return useMutation<ResponseOf<E>, ApiCallError, MutationInput<E>, TContext>({
    ...rest,
    mutationFn: (input) => call(endpoint, ...([input] as CallArgs<E>)),
    onSuccess: invalidates?.length
      ? (...args) => Promise.all([onSuccess?.(...args), invalidateApi(queryClient, invalidates)])
      : onSuccess,
  });
}

function withoutSignal<T extends object>(input: T): T {
  if (!('signal' in input)) return input;
  const { signal: _signal, ...rest } = input as T & { signal?: AbortSignal };
  return rest as T;
}
