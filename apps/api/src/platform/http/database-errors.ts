import { isUniqueViolation } from '../db/errors.ts';
import { AppError, errors, GENERAL_KEY } from './errors.ts';

/*
 * What a database failure means to a client: the HTTP answers. The database layer (platform/db) only tells
 * what happened (a unique violation, a lost connection); this file decides the status and the error key.
 */

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After: the database is away for now (restart, failover, network); worth retrying. */
export const databaseUnavailable = () =>
  new AppError(503, [{ key: GENERAL_KEY, message: 'errors.unavailable' }], {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });

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
