import type {
  ApiError,
  BodyOf,
  Claims,
  EndpointDefinition,
  Envelope,
  FormOf,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@xp/contracts';
import { accountCalls } from '@xp/contracts/calls';
import { CLAIMS_TAG_HEADER, claimsTag } from '@xp/contracts/claims';
import { type Descriptor, endpointKey } from '@xp/contracts/descriptor';
import { GENERAL_ERROR } from '@xp/contracts/request';
import { takeFirstData } from './first-data';
import { requestUrl } from './request-url';

/** A call that did not succeed: the HTTP status and the server's errors (`message` is a translation key). */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
  ) {
    super(errors.map((error) => `${error.key}: ${error.message}`).join('; ') || `HTTP ${status}`);
    this.name = 'ApiCallError';
  }
}

/** What a call yields when the session could not be refreshed (spec section 7). */
export const REFRESH_FAILED: ApiError = { key: 'general', message: 'Refresh failed' };

type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/**
 * The input of a call, typed from the contract: path params, query, and a JSON `body` or, for endpoints
 * with a `form`, the `form` values (files as `File`/`Blob`), sent as multipart/form-data.
 */
export type CallInput<E extends EndpointDefinition> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryOf<E>> &
  Slot<'body', [BodyOf<E>] extends [undefined] ? undefined : BodyOf<E> | FormData> &
  Slot<'form', FormOf<E>>;

/** `call(endpoint)` may omit the input when every part of it is optional. */
export type CallArgs<E extends EndpointDefinition> =
  object extends CallInput<E>
    ? [input?: CallInput<E> & { signal?: AbortSignal }]
    : [input: CallInput<E> & { signal?: AbortSignal }];

/** How the session reacts to what the client learns; installed by the session at start-up. */
export interface SessionHooks {
  /** A refresh succeeded: the claims may have changed. */
  onRefreshed?: (claims: Claims) => void;
  /** The refresh after an expired token failed: clear the session and go to the login page. */
  onRefreshFailed?: () => void;
  /** A 401 without `Token-Expired`: the session is gone (signed out elsewhere, revoked). */
  onUnauthorized?: () => void;
  /** The claims the client holds, to compare with the `X-Claims-Tag` of answers. */
  currentClaims?: () => Claims | null;
}

let hooks: SessionHooks = {};
export function setSessionHooks(next: SessionHooks): void {
  hooks = next;
}

/**
 * What `call` takes: an endpoint of the contract (its schemas parse the answer), or its schema-free
 * descriptor (`@xp/contracts/calls`, decision 010: no zod on the first screen), whose answer transforms
 * nothing and is taken as the server sent it (the server's serializer validated it with the same schema).
 */
export type Callable<E extends EndpointDefinition> = E | Descriptor<E>;

/** These never trigger a refresh themselves. */
const sessionEndpoints = new Set<string>(
  [
    accountCalls.cookieLogin,
    accountCalls.cookieRefresh,
    accountCalls.cookieLogout,
    accountCalls.restoreSession,
  ].map(endpointKey),
);
const isSessionEndpoint = (endpoint: Descriptor | EndpointDefinition) =>
  sessionEndpoints.has(endpointKey(endpoint));

/**
 * Response schemas for answers called by descriptor, registered in development and in the tests (the test
 * setup, `main.tsx` in development): every answer is checked there, so a contract drift still shows.
 */
const registeredSchemas = new Map<string, EndpointDefinition['response']>();
export function registerResponseSchemas(endpoints: Iterable<EndpointDefinition>): () => void {
  const keys = [...endpoints].map((endpoint) => {
    registeredSchemas.set(endpointKey(endpoint), endpoint.response);
    return endpointKey(endpoint);
  });
  /** Forgets them again. */
  return () => {
    for (const key of keys) registeredSchemas.delete(key);
  };
}

/** Calls an endpoint of the contract and answers its typed `data`; throws `ApiCallError` when not ok. */
export async function call<E extends EndpointDefinition>(
  endpoint: Callable<E>,
  ...[input]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const request = toRequest(endpoint, input);
  let response = await send(request, input?.signal);
  if (response.status === 401 && !isSessionEndpoint(endpoint)) {
    if (response.headers.get('Token-Expired') === 'true') {
      const claims = await refreshAfterExpiry();
      if (!claims) throw new ApiCallError(400, [REFRESH_FAILED]);
      response = await send(request, input?.signal);
    } else {
      hooks.onUnauthorized?.();
    }
  }
  try {
    return await read(endpoint, response);
  } finally {
    // Once the answer is read (a refusal too), so that the caller (a switch, a sign-out) has acted first.
    if (!isSessionEndpoint(endpoint)) followClaimsTag(response.headers.get(CLAIMS_TAG_HEADER));
  }
}

/**
 * The server used other claims than the client holds (a right was granted or taken away, a membership
 * ended): fetch them, once for a burst of answers. Checked a moment later, so that a call that answers new
 * claims itself (a switch, a sign-in) has stored them first.
 */
function followClaimsTag(tag: string | null) {
  if (!tag || !hooks.currentClaims) return;
  setTimeout(() => {
    const claims = hooks.currentClaims?.();
    if (claims && claimsTag(claims) !== tag) void refreshAfterExpiry();
  }, 0);
}

/**
 * Asks for new cookies with the refresh cookie; answers the claims, or null when there is no valid
 * session. Used once at start-up to restore the session, and by the shared refresh below.
 */
export async function refreshSession(): Promise<Claims | null> {
  try {
    const { claims } = await call(accountCalls.cookieRefresh);
    hooks.onRefreshed?.(claims);
    return claims;
  } catch (error) {
    if (isAbort(error)) throw error;
    return null;
  }
}

let pendingRefresh: Promise<Claims | null> | null = null;

/** One refresh shared by every call that saw an expired token at the same time. */
function refreshAfterExpiry(): Promise<Claims | null> {
  pendingRefresh ??= refreshSession()
    .then((claims) => {
      if (!claims) hooks.onRefreshFailed?.();
      return claims;
    })
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}

interface PreparedRequest {
  url: string;
  init: RequestInit;
}

function toRequest(
  endpoint: Descriptor | EndpointDefinition,
  input: Partial<Record<'params' | 'query' | 'body' | 'form', unknown>> = {},
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (endpoint.form && input.form !== undefined) {
    // The browser sets the multipart boundary itself: no Content-Type by hand.
    body = toFormData(input.form as Record<string, unknown>);
  } else if (input.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    body = input.body;
  } else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  return {
    url: requestUrl(endpoint, input),
    init: { method: endpoint.method, headers, body, credentials: 'same-origin' },
  } satisfies PreparedRequest;
}

/**
 * Form values as multipart parts: files as file parts, booleans and numbers as strings ('true', '3'),
 * dates as ISO strings, a list of files as one part per file, other arrays and objects as JSON (read
 * with `formJson`);
 * null and undefined are left out.
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const data = new FormData();
  const append = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Blob) data.append(name, value, value instanceof File ? value.name : 'blob');
    else if (value instanceof Date) data.append(name, value.toISOString());
    else if (typeof value === 'object') data.append(name, JSON.stringify(value));
    else data.append(name, String(value));
  };
  for (const [name, value] of Object.entries(values)) {
    // Several files (`fileUploads` in the contract): one part each.
    if (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Blob)) {
      for (const item of value) append(name, item);
    } else {
      append(name, value);
    }
  }
  return data;
}

async function send(request: PreparedRequest, signal: AbortSignal | undefined): Promise<Response> {
  // The page asked this already, before the app ran (first-data.ts): its answer if it succeeded; a refusal
  // (signed out, an expired token) or a failure is asked again here and handled as any call's.
  const early = request.init.body === undefined ? takeFirstData(request.init.method, request.url) : undefined;
  const answer = early && (await early.catch(() => undefined));
  if (answer?.ok) return answer;
  try {
    return await fetch(request.url, { ...request.init, signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    // Offline or the server is unreachable.
    throw new ApiCallError(0, [{ key: 'general', message: GENERAL_ERROR }]);
  }
}

async function read<E extends EndpointDefinition>(
  endpoint: Callable<E>,
  response: Response,
): Promise<ResponseOf<E>> {
  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = (await response.json()) as Envelope<unknown>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object') {
    throw new ApiCallError(response.status, [{ key: 'general', message: GENERAL_ERROR }]);
  }
  if (!response.ok || !envelope.ok) {
    const errors = Array.isArray(envelope.errors) && envelope.errors.length > 0 ? envelope.errors : undefined;
    throw new ApiCallError(response.status, errors ?? [{ key: 'general', message: GENERAL_ERROR }]);
  }
  // Parsing applies the contract's transforms, so `ResponseOf` is what the caller really gets. A
  // descriptor's answer has none (`calls.test.ts`): taken as sent, or checked where its schema is registered.
  const schema = 'response' in endpoint ? endpoint.response : registeredSchemas.get(endpointKey(endpoint));
  if (!schema) return envelope.data as ResponseOf<E>;
  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) {
    console.error(
      `Response of ${endpoint.method} ${endpoint.path} does not match its contract`,
      parsed.error,
    );
    throw new ApiCallError(response.status, [{ key: 'general', message: GENERAL_ERROR }]);
  }
  return parsed.data as ResponseOf<E>;
}

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
