import type { ApiError, Envelope } from '@xp/contracts';

export const success = <T>(data: T): Envelope<T> => ({ ok: true, data, errors: [] });
export const failure = (errors: ApiError[]): Envelope<null> => ({ ok: false, data: null, errors });

/** `/addresses/0/street` -> `addresses[0].street`, the key shape the client maps onto form fields. */
export function fieldKey(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce((key, part) => (/^\d+$/.test(part) ? `${key}[${part}]` : key ? `${key}.${part}` : part), '');
}
