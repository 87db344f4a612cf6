import type { EndpointDefinition } from '@xp/contracts';
import { accountCalls } from '@xp/contracts/calls';
import type { Descriptor } from '@xp/contracts/descriptor';
import type { CallInput } from './api-client';
import { requestUrl } from './request-url';

/**
 * The page's first requests (decision 010, issue 29 §6): the session restore, the switch options and a list
 * route's data, asked by the page itself before any of the app's code has arrived. The build compiles
 * `first-data-main.ts` (the routes of `first-data-routes.ts` and this module, schema-free and small) into one
 * file that index.html loads first (build/preload.ts). It asks the session restore at once (every start of
 * the app asks it); once that has answered a session, the switch options (which a signed-in first screen
 * asks then: `startFirstScreen`) and, on an address of a first-data route, the route's call: the search
 * parsed as the router does, the call built by the route's own function (the one its loader uses). The API
 * client takes each answer for the first call of that very method and address (`takeFirstData`). An answer
 * that is not ok, or a call not asked (no session), is asked again by the client and handled as any call's.
 * What no call took once the first screen's loaders have run is dropped (`dropFirstData`: a redirect,
 * another active location, another page).
 */

/** A route's call: a schema-free descriptor and its input, built from the route's search. */
export interface RouteCall<E extends EndpointDefinition = EndpointDefinition> {
  endpoint: Descriptor<E>;
  input: CallInput<E>;
}

export const routeCall = <E extends EndpointDefinition>(
  endpoint: Descriptor<E>,
  input: CallInput<E>,
): RouteCall<E> => ({ endpoint, input });

/**
 * A route whose loader asks one call for its search: its address, its `validateSearch` and the call. The
 * loader asks `call(search)`, and the page's first request the same.
 */
export interface FirstDataRoute<S = never> {
  /** The route's full path, without parameters (`/location/members`). */
  path: string;
  search: (input: Record<string, unknown>) => S;
  call: (search: S) => RouteCall | undefined;
}

export const firstDataRoute = <S>(
  path: string,
  search: (input: never) => S,
  call: (search: S) => RouteCall | undefined,
): FirstDataRoute<S> => ({ path, search: search as (input: Record<string, unknown>) => S, call });

/** Where the page leaves its first requests for the app (a separate bundle: only the window is shared). */
const KEY = '__xpFirstData';
type Pending = { request: string; response: Promise<Response | undefined> };
type Holder = { [KEY]?: Pending[] };

const normal = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/**
 * Starts the session restore (every start of the app asks it) and, once it has answered a session, the switch
 * options (a signed-in first screen asks them as soon as the session is known: `startFirstScreen`) and the
 * call of the route at the address, if a first-data route matches it; answers the route call's URL. A visitor
 * without a session asks nothing more (no 401), and a renewed access token is in the cookies by then.
 */
export function startFirstData(
  // biome-ignore lint/suspicious/noExplicitAny: each route has its own search type.
  routes: readonly FirstDataRoute<any>[],
  address: { pathname: string; search: string },
  parseSearch: (search: string) => Record<string, unknown>,
): string | undefined {
  const send = (method: 'GET' | 'POST', url: string) =>
    fetch(url, { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const restoreUrl = requestUrl(accountCalls.restoreSession);
  const restore = send('POST', restoreUrl);
  const signedIn = restore
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((envelope: { data?: { claims?: unknown } } | undefined) => Boolean(envelope?.data?.claims))
    .catch(() => false);
  const pending: Pending[] = [{ request: `POST ${restoreUrl}`, response: restore }];
  const afterRestore = (url: string) => {
    const response = signedIn.then((yes) => (yes ? send('GET', url) : undefined));
    pending.push({ request: `GET ${url}`, response });
  };
  afterRestore(requestUrl(accountCalls.switchOptions));
  const route = routes.find((candidate) => normal(candidate.path) === normal(address.pathname));
  const call = route?.call(route.search(parseSearch(address.search)));
  const url = call && requestUrl(call.endpoint, call.input);
  if (url) afterRestore(url);
  for (const { response } of pending) response.catch(() => {});
  (globalThis as Holder)[KEY] = pending;
  return url;
}

/** The answer of the page's first request of `method` and `url` (once), else undefined. */
export function takeFirstData(
  method: string | undefined,
  url: string,
): Promise<Response | undefined> | undefined {
  const pending = (globalThis as Holder)[KEY];
  const at = pending?.findIndex((each) => each.request === `${method} ${url}`) ?? -1;
  if (!pending || at < 0) return undefined;
  return pending.splice(at, 1)[0]?.response;
}

/** Forgets the page's first requests: the first screen asked what it needed. */
export function dropFirstData(): void {
  delete (globalThis as Holder)[KEY];
}
