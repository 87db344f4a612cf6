/**
 * The schema-free parts of a call (`@xp/contracts/request`), for the web's first screen without zod
 * (decision 010); `http.ts` re-exports them.
 */

/** The general error key the client shows as a toast when no field error applies. */
export const GENERAL_ERROR = 'general_error';

/** Fill `{name}` placeholders of an endpoint path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Counts above this are not counted on: the answer says `COUNT_CAP` and that it is capped, and the client
 * says "more than 10,000". Counting stops there, so a count never reads more than this many index entries.
 */
export const COUNT_CAP = 10_000;
