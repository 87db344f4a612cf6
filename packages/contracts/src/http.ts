import type { Policy } from './access.ts';
import { z } from './zod-setup.ts';

/** One error of a failed call: `key` is the field path (or `general`), `message` a translation key. */
export const apiError = z.object({ key: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiError>;

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ ok: z.boolean(), data: data.nullable(), errors: z.array(apiError) });
export type Envelope<T> = { ok: boolean; data: T | null; errors: ApiError[] };

export { type AccessClaims, allows, type Policy, policy } from './access.ts';
export { buildPath, COUNT_CAP, GENERAL_ERROR } from './request.ts';

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
  /**
   * A multipart/form-data body instead of JSON (never together with `body`): text parts arrive as strings
   * (use `z.coerce`, `formBoolean`, `formJson`), file parts as `UploadedFile` (declare them `fileUpload`,
   * several in one field `fileUploads`).
   */
  form?: z.ZodObject;
  /** The body may also come as `application/x-www-form-urlencoded` (a payment provider's webhook posts so). */
  urlEncoded?: true;
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

/**
 * A file part of a multipart body as the server hands it to a handler (buffered in memory; on the server
 * `data` is a Node `Buffer`). Typed structurally so the contracts need neither Node nor DOM types.
 */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Uint8Array;
}

/** What the client sends for a file field: a `Blob` or `File` (structural, see `UploadedFile`). */
export interface BlobLike {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadedFile).filename === 'string' &&
  typeof (value as UploadedFile).mimetype === 'string' &&
  (value as UploadedFile).data instanceof Uint8Array;

const isBlob = (value: unknown): boolean => {
  const BlobClass = (globalThis as { Blob?: abstract new (...args: never[]) => unknown }).Blob;
  return typeof BlobClass === 'function' && value instanceof BlobClass;
};

/** A file field's value: an `UploadedFile` on the server, a `Blob`/`File` in the browser. */
export type FileValue = UploadedFile | BlobLike;

/**
 * A required file field of a `form`: an `UploadedFile` on the server, a `Blob`/`File` in the browser (so
 * the same schema validates a react-hook-form value). `fileUpload.optional()` / `.nullable()` as usual.
 * Handlers see it as `UploadedFile` (see `ServerFormOf`). Its content (image or not, size) is checked
 * where it is stored, e.g. `storeImage` on the server.
 */
export const fileUpload = z
  .custom<FileValue>((value) => isUploadedFile(value) || isBlob(value), {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'files.errors.notAFile',
  })
  .meta({ type: 'string', format: 'binary' });

/** Several files in one field (one part each): always an array, also when one file came. */
export const fileUploads = z.preprocess(
  (value) => (value === undefined || value === null || Array.isArray(value) ? value : [value]),
  z.array(fileUpload),
);

/** A form text part 'true' / 'false' (also a real boolean, so a client-side form can use the same schema). */
export const formBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

/** An unpaired UTF-16 surrogate: a high one not followed by a low one, or a low one not after a high one. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A text PostgreSQL cannot keep: a NUL byte (`text` refuses it) or an unpaired UTF-16 surrogate (no UTF-8
 * form: the driver would store a replacement character, and `jsonb`, the audit log's type, refuses its
 * `\uD800` escape). A JSON body can carry either as an escape. Refused as `validation.invalidCharacters`.
 */
export const hasInvalidCharacters = (text: string): boolean =>
  text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);

/**
 * A form text part carrying JSON (nested values the client serialises with `JSON.stringify`). A NUL byte
 * or an unpaired surrogate written as `\u0000` or `\ud800` inside it passes the server's check of raw
 * input, so it is refused here (`validation.invalidCharacters`): PostgreSQL cannot store one.
 */
export const formJson = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    let hasNul = false;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value, (key, child: unknown) => {
        if (hasInvalidCharacters(key) || (typeof child === 'string' && hasInvalidCharacters(child)))
          hasNul = true;
        return child;
      });
    } catch {
      return value;
    }
    if (hasNul) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidCharacters', input: value });
      return z.NEVER;
    }
    return parsed;
  }, schema);

/** The values a client sends to a form endpoint (files as `File`/`Blob`). */
export type FormOf<E extends EndpointDefinition> = E['form'] extends z.ZodType
  ? z.input<E['form']>
  : undefined;

/** A validated form as a handler gets it: file fields are `UploadedFile` (a browser `Blob` never arrives). */
type ServerFormValue<V> = V extends readonly (infer U)[] ? Exclude<U, BlobLike>[] : Exclude<V, BlobLike>;
export type ServerFormOf<T> = T extends object ? { [K in keyof T]: ServerFormValue<T[K]> } : T;

/**
 * The largest value of PostgreSQL's `integer` (int4), the type of every id column and of the other whole
 * numbers the API stores. A larger number cannot name a row, and sent to the database as a filter it makes
 * the query fail instead of finding nothing: inputs are bounded to it.
 */
export const INT4_MAX = 2_147_483_647;

/** The id of a row in a JSON body: a whole number from 1 to `INT4_MAX`. Every id input uses it. */
export const idSchema = z.number().int().min(1).max(INT4_MAX);
/** The same id from text: a path parameter, a query parameter or a form part. */
export const idFromText = z.coerce.number().int().min(1).max(INT4_MAX);

export const idParam = z.object({ id: idFromText });
export const emptyObject = z.object({});
export const nothing = z.null();

/** Query of every list that can grow: paging, search and sort, done in SQL. */
export const listQuery = <const S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortable).optional(),
    direction: z.enum(['asc', 'desc']).default('asc'),
    /**
     * `false`: the answer leaves out `total` and the tab counts (no count statement runs); a client that
     * pages or re-sorts the same filter keeps the counts it got for it (decision 009).
     */
    counts: formBoolean.default(true),
  });

/** The deepest offset a list serves (a deeper page answers 400 `validation.pageTooDeep`: search instead). */
export const MAX_LIST_OFFSET = 10_000;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /**
     * Exact up to `COUNT_CAP`; `COUNT_CAP` when `totalIsCapped`. Left out (with the tab counts) only when
     * the query said `counts=false`.
     */
    total: z.number().int().optional(),
    totalIsCapped: z.boolean().optional(),
    tabCounts: z.record(z.string(), z.number().int()).optional(),
    /** The tabs whose count is capped at `COUNT_CAP`. */
    tabCountsCapped: z.array(z.string()).optional(),
  });
export type Paged<T> = {
  items: T[];
  total?: number;
  totalIsCapped?: boolean;
  tabCounts?: Record<string, number>;
  tabCountsCapped?: string[];
};
