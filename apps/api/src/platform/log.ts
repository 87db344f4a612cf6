/**
 * What of an error may be logged. Database errors carry the values of the query: drizzle's wrapper puts
 * every parameter in its message ("Failed query: ... params: ...") and in `params`, and the driver's error
 * puts values in `detail` ("Key (email)=(...) already exists") and often in its message ("invalid input
 * syntax for type integer: ..."). Of those only the SQLSTATE, the names of the objects involved and the
 * statement text (with `$1` placeholders) are kept; other errors keep their message.
 */

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Fields of PostgreSQL's error (pg and PGlite alike) that name things but hold no values. */
const DATABASE_FIELDS = [
  'severity',
  'code',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;
const MAX_STATEMENT = 2_000;
const MAX_DEPTH = 5;

type ErrorLike = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };
/** pino's shape (type, message, stack) plus the fields that may be logged. */
export type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

const isObject = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null;

/** An error of PostgreSQL itself, as pg or PGlite raise it. */
const isDatabaseError = (value: ErrorLike) =>
  typeof value.code === 'string' && SQLSTATE.test(value.code) && typeof value.severity === 'string';

/** drizzle's DrizzleQueryError: the statement in `query`, the values in `params` and in its message. */
const isQueryError = (value: ErrorLike) => typeof value.query === 'string' && Array.isArray(value.params);

/** Whether a value's message may hold query values. */
function isFromDatabase(value: ErrorLike): boolean {
  return isDatabaseError(value) || isQueryError(value);
}

/** The `at ...` lines only: a stack starts with the message. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function serialize(error: unknown, depth: number): SerializedError {
  if (!isObject(error)) return { type: typeof error, message: '', stack: '' };
  const type = (error.constructor as { name?: string } | undefined)?.name ?? 'Object';
  let result: SerializedError;
  if (isFromDatabase(error)) {
    result = { type, message: '', stack: framesOf(error.stack) };
    // drizzle's wrapper and the driver's error it wraps make one entry: code, names and statement together.
    const driverError = isObject(error.cause) && isDatabaseError(error.cause) ? error.cause : undefined;
    for (const source of [error, driverError ?? {}]) {
      for (const field of DATABASE_FIELDS) {
        if (typeof source[field] === 'string' && source[field] !== '') result[field] = source[field];
      }
    }
    if (isQueryError(error)) result.statement = (error.query as string).slice(0, MAX_STATEMENT);
    result.message = `database error ${result.code ?? ''}`.trim();
    if (driverError) return result;
  } else {
    result = {
      type,
      message: typeof error.message === 'string' ? error.message : '',
      stack: typeof error.stack === 'string' ? error.stack : '',
    };
    if (typeof error.code === 'string' || typeof error.code === 'number') result.code = error.code;
    if (typeof error.statusCode === 'number') result.statusCode = error.statusCode;
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) result.cause = serialize(error.cause, depth + 1);
  return result;
}

/** pino's `err` serializer without values: see the top of this file. */
export function serializeError(error: unknown): SerializedError {
  return serialize(error, 0);
}

/**
 * Serializers for every logger of the app. `error` as well as `err`: pino would write an Error under any
 * other key with its enumerable fields, drizzle's `params` among them. Strings (already-safe summaries such
 * as the mail worker's) pass as they are.
 */
export const logSerializers = {
  err: serializeError,
  error: (value: unknown) => (typeof value === 'string' ? value : serializeError(value)),
};

/** One line for stderr when the process cannot go on (start-up failures, uncaught errors). */
export const describeFatalError = (error: unknown) => JSON.stringify(serializeError(error));
