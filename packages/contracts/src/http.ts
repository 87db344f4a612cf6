import type { GymRight, LocationRight, Role } from './enums.ts';
import { z } from './zod-setup.ts';

/** One error of a failed call: `key` is the field path (or `general`), `message` a translation key. */
export const apiError = z.object({ key: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiError>;

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ ok: z.boolean(), data: data.nullable(), errors: z.array(apiError) });
export type Envelope<T> = { ok: boolean; data: T | null; errors: ApiError[] };

/** The general error key the client shows as a toast when no field error applies. */
export const GENERAL_ERROR = 'general_error';

/**
 * Access policies. Each endpoint names one; the server enforces it before the handler runs, and the
 * client uses the same rules (see `rights.ts`) to decide which menus and actions to show.
 */
export type Policy =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'role'; roles: readonly Role[] }
  | { kind: 'gymRight'; right: GymRight }
  | { kind: 'locationRight'; right: LocationRight }
  | { kind: 'development' };

export const policy = {
  public: { kind: 'public' } as const,
  signedIn: { kind: 'signedIn' } as const,
  roles: (...roles: Role[]): Policy => ({ kind: 'role', roles }),
  gymRight: (right: GymRight): Policy => ({ kind: 'gymRight', right }),
  locationRight: (right: LocationRight): Policy => ({ kind: 'locationRight', right }),
  /** Only served when the server runs outside production (development tools). */
  development: { kind: 'development' } as const,
} satisfies Record<string, Policy | ((...args: never[]) => Policy)>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Path below `/api`, spelled as in the spec; `{name}` marks a path parameter. */
  path: string;
  policy: Policy;
  summary: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
}

/** Declares an endpoint once: the server registers it, the client calls it, OpenAPI documents it. */
export const endpoint = <const E extends EndpointDefinition>(definition: E): E => definition;

export type ParamsOf<E extends EndpointDefinition> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : undefined;
export type QueryOf<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
export type BodyOf<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
export type ResponseOf<E extends EndpointDefinition> = z.output<E['response']>;

/** Fill `{name}` placeholders of an endpoint path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const emptyObject = z.object({});
export const nothing = z.null();

/** Query of every list that can grow: paging, search and sort, done in SQL. */
export const listQuery = <const S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortable).optional(),
    direction: z.enum(['asc', 'desc']).default('asc'),
  });

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    tabCounts: z.record(z.string(), z.number().int()).optional(),
  });
export type Paged<T> = { items: T[]; total: number; tabCounts?: Record<string, number> };
