import { hasInvalidCharacters } from '@xp/contracts';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { fieldKey } from './envelope.ts';
import { AppError, GENERAL_KEY } from './errors.ts';

/**
 * Where the first text (or field name) with a NUL byte or an unpaired UTF-16 surrogate (`hasInvalidCharacters`)
 * is in an input, as a path; null when there is none.
 * Iterative, so that a deeply nested JSON body cannot overflow the stack. A file part (`data` bytes) is
 * binary and may hold anything; its file name is text.
 */
export function findInvalidCharacters(input: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasInvalidCharacters(value)) return path;
    } else if (value instanceof Uint8Array) {
      // File contents are bytes, not text.
    } else if (value && typeof value === 'object') {
      const isFile = (value as { data?: unknown }).data instanceof Uint8Array;
      for (const [name, child] of Object.entries(value)) {
        if (hasInvalidCharacters(name)) return path;
        // A file's name is reported on the file's field, where the form shows it.
        stack.push({ value: child, path: isFile ? path : [...path, name] });
      }
    }
  }
  return null;
}

const refuseNulBytes: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
  for (const input of [request.params, request.query, request.body]) {
    const path = findInvalidCharacters(input);
    if (path) {
      throw new AppError(400, [
        { key: fieldKey(path.join('/')) || GENERAL_KEY, message: 'validation.invalidCharacters' },
      ]);
    }
  }
};

/**
 * PostgreSQL cannot store a NUL byte in text: one that reaches a query fails it (a 500); nor an unpaired
 * UTF-16 surrogate (a JSON body's `\ud800`): the driver writes a replacement character in its place, and
 * jsonb (the audit log) refuses it (a 500). Refused here, once,
 * for every route, rather than in the contracts' zod setup: zod has no hook that every string passes, and
 * path parameters, query strings, JSON bodies, form parts and file names (and routes outside the
 * contracts) all pass this. It runs as the route's last preValidation hook: after a form is read (which
 * the endpoint's own preValidation does) and before the schema turns texts into dates or numbers.
 */
export function refuseNulBytesInInput(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const own = route.preValidation;
    const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
    // A HEAD route is made from its GET route's options and passes here too.
    if (!hooks.includes(refuseNulBytes)) route.preValidation = [...hooks, refuseNulBytes];
  });
}
