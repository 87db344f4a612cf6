import type { ApiError } from '@xp/contracts';

/** The key of an error that belongs to no single field. */
export const GENERAL_KEY = 'general';

/** A failure the client is meant to see: an HTTP status and translated error keys. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((error) => `${error.key}: ${error.message}`).join('; '));
    this.name = 'AppError';
  }
}

const general = (status: number, message: string, headers?: Record<string, string>) =>
  new AppError(status, [{ key: GENERAL_KEY, message }], headers);

export const errors = {
  /** One field is wrong; `message` is a translation key. */
  field: (key: string, message: string) => new AppError(400, [{ key, message }]),
  badRequest: (message: string) => general(400, message),
  unauthorized: (message = 'auth.signInRequired', headers?: Record<string, string>) =>
    general(401, message, headers),
  forbidden: (message = 'auth.forbidden') => general(403, message),
  /** Not found, or not yours: the two are indistinguishable on purpose. */
  notFound: (message = 'errors.notFound') => general(404, message),
  conflict: (key: string, message: string) => new AppError(409, [{ key, message }]),
  tooManyRequests: (message: string, retryAfterSeconds: number) =>
    general(429, message, { 'Retry-After': String(retryAfterSeconds) }),
};
