import type { Descriptor } from '@xp/contracts/descriptor';
import { buildPath } from '@xp/contracts/request';

/**
 * The address of a call: `/api`, the endpoint's path with its params, and the query string. Schema-free and
 * small: the API client builds every request with it, and so does the page's first request
 * (`first-data.ts`), which must ask exactly what the route's loader will ask.
 */
export function requestUrl(
  endpoint: Pick<Descriptor, 'path'>,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const path = buildPath(endpoint.path, input.params as Record<string, string | number> | undefined);
  return `/api${path}${toSearch(input.query as Record<string, unknown> | undefined)}`;
}

function toSearch(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
