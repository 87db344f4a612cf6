import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountCalls,
  billingCalls,
  employerEmployeeCalls,
  gymEmployeeCalls,
  gymEmployeeInvitationCalls,
  locationCalls,
  locationEmployeeCalls,
  memberCalls,
  subscriptionCalls,
  userCalls,
} from './calls.ts';
import { type Descriptor, endpointKey } from './descriptor.ts';
import { endpointGroups } from './index.ts';

const descriptors: [string, Descriptor][] = Object.entries({
  account: accountCalls,
  user: userCalls,
  employerEmployee: employerEmployeeCalls,
  gymEmployee: gymEmployeeCalls,
  locationEmployee: locationEmployeeCalls,
  gymEmployeeInvitation: gymEmployeeInvitationCalls,
  member: memberCalls,
  billing: billingCalls,
  location: locationCalls,
  subscription: subscriptionCalls,
}).flatMap(([group, calls]) =>
  Object.entries(calls).map(([name, call]): [string, Descriptor] => [`${group}.${name}`, call]),
);

const endpoints = new Map(
  Object.values(endpointGroups).flatMap((group) =>
    Object.values(group).map((endpoint) => [endpointKey(endpoint), endpoint] as const),
  ),
);

/**
 * Kinds of schema that make the parsed value differ from the JSON the server sent: a transform (also inside
 * `preprocess` and `pipe`), coercion, a default (the server's serializer filled it already, but a second
 * parse must not be needed), a caught value.
 */
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

/** Why the answer of this schema must be parsed by the client; empty when it may be taken as sent. */
function changes(schema: z.ZodType): string[] {
  const found: string[] = [];
  try {
    z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'any',
      override: ({ zodSchema }) => {
        const def = (zodSchema as unknown as { _zod: { def: { type: string; coerce?: boolean } } })._zod.def;
        if (CHANGING.has(def.type)) found.push(def.type);
        if (def.coerce) found.push(`coerced ${def.type}`);
      },
    });
  } catch (error) {
    found.push(String(error));
  }
  return found;
}

describe('schema-free descriptors (decision 010)', () => {
  it('finds what changes a value', () => {
    expect(changes(z.object({ a: z.string().transform((text) => text.length) }))).not.toEqual([]);
    expect(changes(z.object({ a: z.preprocess((value) => value, z.string()) }))).not.toEqual([]);
    expect(changes(z.object({ a: z.coerce.number() }))).not.toEqual([]);
    expect(changes(z.object({ a: z.array(z.string().default('x')) }))).not.toEqual([]);
    expect(changes(z.object({ a: z.string().nullable(), b: z.array(z.number().int()) }))).toEqual([]);
  });

  for (const [name, call] of descriptors) {
    it(`${name}: the endpoint's method and path, an answer that needs no parsing`, () => {
      const endpoint = endpoints.get(endpointKey(call));
      expect(endpoint, `${name}: no endpoint ${endpointKey(call)}`).toBeDefined();
      expect({ method: call.method, path: call.path, form: call.form === true }).toEqual({
        method: endpoint?.method,
        path: endpoint?.path,
        form: endpoint?.form !== undefined,
      });
      expect(changes(endpoint?.response as z.ZodType), name).toEqual([]);
    });
  }
});
