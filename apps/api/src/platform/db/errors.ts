import { errors } from '../http/errors.ts';

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

/** Runs `work` in a transaction, typed as the same `Database` the repositories take. */
export function inTransaction<T>(
  db: import('./client.ts').Database,
  work: (tx: import('./client.ts').Database) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as import('./client.ts').Database));
}

/**
 * Wraps work whose unique index decides a field (a name, a slug): a violation (of `constraint`, when given)
 * becomes a 409 on `field` with `message`, so that two saves of the same value at once cannot both succeed.
 */
export const conflictOnUnique =
  (field: string, message: string, constraint?: string) =>
  async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, constraint)) throw errors.conflict(field, message);
      throw error;
    }
  };
