import type { EndpointDefinition } from './http.ts';

/**
 * An endpoint as the web calls it without its schemas (decision 010): method and path, and the endpoint's
 * type only (`import type`, erased at runtime), so a module of descriptors builds no schema and the first
 * screen needs no zod. `E['path']` is the endpoint's literal path, so a wrong path does not compile;
 * `calls.test.ts` checks every descriptor against its endpoint and that the endpoint's answer needs no
 * parsing (its response schema transforms nothing: the server's serializer already validated it).
 */
export interface Descriptor<E extends EndpointDefinition = EndpointDefinition> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** The endpoint takes a multipart form. */
  readonly form?: true;
  /** Type only: never set. */
  readonly endpoint?: E;
}

export const descriptor = <E extends EndpointDefinition>(
  method: E['method'],
  path: E['path'],
  form?: true,
): Descriptor<E> => (form ? { method, path, form } : { method, path });

/** The key a descriptor and its endpoint share. */
export const endpointKey = (endpoint: Pick<EndpointDefinition, 'method' | 'path'>): string =>
  `${endpoint.method} ${endpoint.path}`;
