import { buildPath, type EndpointDefinition } from '@xp/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { demoSignIn } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/*
 * The HTTP platform as every endpoint meets it: the route table against the contracts, malformed bodies,
 * routing, request ids, cross-origin requests and the API documentation. The app and the helpers of the
 * platform test files (route table, malformed bodies, routing); each file builds its own app (useTestApp).
 */

export let t: TestApp;

/** Registers the test app of these files (each file builds its own). */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

/** Every sign-in from its own address (10.20.x.y), so the per-address login limit never interferes. */
export const signIn = demoSignIn(() => t, 20);

/** A fresh client address (10.21.x.y) for a login a test sends itself. */
let addressCount = 0;
export const nextAddress = () => `10.21.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

/**
 * `{ ok: false, data: null, errors: [{ key, message }, ...] }` with at least one error, nothing else in the
 * envelope or its errors, and `message` among them if given; the errors. Stricter about the envelope's shape
 * than test/expect.ts's expectFailure, since these tests are about the envelope itself.
 */
export function expectFailure(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'errors', 'ok']);
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(Object.keys(error).sort()).toEqual(['key', 'message']);
    expect(error.key).toEqual(expect.any(String));
    expect(error.message).toMatch(/^[\w.]+$/);
  }
  if (message) expect(body.errors.map((error: { message: string }) => error.message)).toContain(message);
  return body.errors as { key: string; message: string }[];
}

/** A concrete URL; ids point at nothing, so no call below changes data. */
export const concreteUrl = (endpoint: EndpointDefinition) =>
  `/api${buildPath(endpoint.path, { id: 999_999, employeeId: 999_999, versionId: 999_999, code: 'not-a-code-but-long-enough', name: 'someone@example.com', isActive: 'false', activeEmployerId: 999_999, invitationId: 999_999, kind: 'gym', token: '999999.AAAAAAAAAAAAAAAAAAAAAA', publicCode: 'AAAAAAAAAAAAAAAAAAAAAA' })}`;
export const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);
