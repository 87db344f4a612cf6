import { XP_INVOICE_PDF_PATH, xpEndpoints } from '@xp/contracts';
import { endpointKey } from '@xp/contracts/descriptor';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INVOICE_PDF_PATH, xpCalls } from './calls';

/** Kinds of schema that make the parsed answer differ from the JSON sent (as the contracts' calls.test.ts). */
const CHANGING = new Set([
  'pipe',
  'transform',
  'default',
  'prefault',
  'catch',
  'date',
  'bigint',
  'map',
  'set',
]);

function changes(schema: z.ZodType): string[] {
  const found: string[] = [];
  z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema }) => {
      const def = (zodSchema as unknown as { _zod: { def: { type: string; coerce?: boolean } } })._zod.def;
      if (CHANGING.has(def.type)) found.push(def.type);
      if (def.coerce) found.push(`coerced ${def.type}`);
    },
  });
  return found;
}

describe('the XP descriptors', () => {
  for (const [name, call] of Object.entries(xpCalls)) {
    it(`${name}: the endpoint's method and path, an answer taken as sent`, () => {
      const endpoint = xpEndpoints[name as keyof typeof xpEndpoints];
      expect(endpointKey(call)).toBe(endpointKey(endpoint));
      expect(changes(endpoint.response as z.ZodType)).toEqual([]);
    });
  }

  it("has the contract's file path", () => {
    expect(INVOICE_PDF_PATH).toBe(XP_INVOICE_PDF_PATH);
  });
});
