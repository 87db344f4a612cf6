import type { BodyOf, EndpointDefinition, ParamsOf, QueryOf, ResponseOf } from '@xp/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * A test client built from the contracts: a call names its endpoint (`endpointGroups.locationArea.list`),
 * and the URL is made from the endpoint's method and path, so a renamed path or parameter breaks the test
 * at compile time instead of answering 404. Params, query and body are typed by the endpoint's schemas;
 * a test that sends what the schema refuses on purpose says so with `invalid(...)`.
 */

const INVALID = Symbol('invalid');

/** A value sent as it is although the endpoint's schema does not allow it (a test of the validation). */
export interface Invalid {
  readonly [INVALID]: unknown;
}
export const invalid = (value: unknown): Invalid => ({ [INVALID]: value });
const unwrap = (value: unknown) =>
  value !== null && typeof value === 'object' && INVALID in value ? (value as Invalid)[INVALID] : value;

type Scalar = string | number | boolean;

/** What one call sends besides the cookie: each part only where the endpoint declares it. */
export type CallInput<E extends EndpointDefinition> = (E['params'] extends object
  ? { params: { [K in keyof ParamsOf<E>]: ParamsOf<E>[K] | Invalid } }
  : { params?: never }) &
  (E['query'] extends object
    ? { query?: { [K in keyof QueryOf<E>]?: QueryOf<E>[K] | Invalid } | Invalid }
    : { query?: never }) &
  (E['body'] extends object ? { body: BodyOf<E> | Invalid } : { body?: never }) & {
    cookie?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  };

/** `/api` and the endpoint's path with its `{name}` parameters filled in, then the query. */
export function urlOf(
  endpoint: Pick<EndpointDefinition, 'path'>,
  params: Record<string, unknown> = {},
  query?: unknown,
): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${endpoint.path}: no value for {${name}}`);
    return encodeURIComponent(String(unwrap(params[name])));
  });
  const search = new URLSearchParams();
  const values = unwrap(query) as Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(values ?? {})) {
    const plain = unwrap(value);
    if (plain === undefined) continue;
    for (const item of Array.isArray(plain) ? plain : [plain]) search.append(name, String(item as Scalar));
  }
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

export function createClient(app: FastifyInstance) {
  /** Calls an endpoint; the raw response (for the status, the headers, a refusal). */
  function call<E extends EndpointDefinition>(
    endpoint: E,
    input: CallInput<E>,
  ): Promise<LightMyRequestResponse> {
    const { params, query, body, cookie, headers, remoteAddress } = input as {
      params?: Record<string, unknown>;
      query?: unknown;
      body?: unknown;
      cookie?: string;
      headers?: Record<string, string>;
      remoteAddress?: string;
    };
    return app.inject({
      method: endpoint.method,
      url: urlOf(endpoint, params, query),
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: unwrap(body) as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  /** Calls an endpoint that must succeed (200, no errors); its data, typed by the endpoint's response. */
  async function data<E extends EndpointDefinition>(
    endpoint: E,
    input: CallInput<E>,
  ): Promise<ResponseOf<E>> {
    const response = await call(endpoint, input);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.errors).toEqual([]);
    return body.data as ResponseOf<E>;
  }

  return { call, data };
}

export type TestClient = ReturnType<typeof createClient>;

/**
 * A request with a JSON body (when given) and the session's cookie header (none when empty), for the tests
 * that call paths by hand: a path the contracts do not know, or input no contract would type.
 */
export const requestJson = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
