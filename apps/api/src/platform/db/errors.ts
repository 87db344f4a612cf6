/** PostgreSQL's unique_violation, wherever the driver put it (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505') return constraint === undefined || current.constraint === constraint;
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * A deadlock (40P01) or serialization failure (40001): PostgreSQL aborted one of two transactions that waited
 * on each other. The aborted one wrote nothing; trying again succeeds.
 */
export function isConcurrencyConflict(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === '40P01' || current.code === '40001') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * PostgreSQL's foreign_key_violation, or restrict_violation (what `on delete restrict` raises), wherever the
 * driver put it: something still refers to the row.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === '23503' || current.code === '23001') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Node's network errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database that is not there for now: admin_shutdown, crash_shutdown, cannot_connect_now
 * (a restart or failover), too_many_connections; class 08 (connection exception) is matched as a class.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own errors of a lost connection, a connect timeout, or a client whose connection broke. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/**
 * Why the database cannot be reached, when `error` (or any error in its `cause` chain, where drizzle puts
 * the driver's error, or in an AggregateError's `errors`) says it: a code or pg's fixed message, safe to
 * log; undefined for any other error.
 */
export function connectionFailure(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message } = current;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return code;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) {
      return message;
    }
    queue.push(current.cause);
    if (Array.isArray(current.errors)) queue.push(...current.errors);
  }
  return undefined;
}

/** Runs `work` in a transaction, typed as the same `Database` the repositories take. */
export function inTransaction<T>(
  db: import('./client.ts').Database,
  work: (tx: import('./client.ts').Database) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as import('./client.ts').Database));
}
