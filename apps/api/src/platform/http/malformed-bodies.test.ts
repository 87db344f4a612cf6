import { describe, expect, it } from 'vitest';
import { contractEndpoints } from '../../test/contract-walk.ts';
import { concreteUrl, expectFailure, signIn, t, useTestApp } from './platform-test-setup.ts';

useTestApp();

interface MalformedCase {
  name: string;
  headers: Record<string, string>;
  payload: string;
  /** Status on every body-taking method, whatever the endpoint (null: the body parses as JSON). */
  parseStatus: number | null;
  parseMessage?: string;
  /** A multipart body: endpoints with a `form` read it (this status), all others answer 415. */
  multipart?: { formStatus: number; formMessage?: string };
  /** A form-encoded body: endpoints that declare `urlEncoded` validate it as their body, all others answer 415. */
  urlEncoded?: true;
}

const json = { 'content-type': 'application/json' };
const boundary = '----platform-test-boundary';
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${boundary}` };
// Wrong for any form: `name` twice (an array where a string belongs), ids that are no numbers, a text file.
const wellFormedMultipart = [
  ...['Grote zaal', 'Kleine zaal'].flatMap((value) => [
    `--${boundary}`,
    'Content-Disposition: form-data; name="name"',
    '',
    value,
  ]),
  ...['id', 'gymId', 'locationId'].flatMap((name) => [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${name}"`,
    '',
    'seven',
  ]),
  `--${boundary}`,
  'Content-Disposition: form-data; name="id"; filename="x.txt"',
  'Content-Type: text/plain',
  '',
  'not an image',
  `--${boundary}--`,
  '',
].join('\r\n');
const malformedCases: MalformedCase[] = [
  {
    name: 'invalid JSON',
    headers: json,
    payload: '{"name": "Grote zaal",',
    parseStatus: 400,
    parseMessage: 'validation.malformedBody',
  },
  {
    name: 'an empty JSON body',
    headers: json,
    payload: '',
    parseStatus: 400,
    parseMessage: 'validation.malformedBody',
  },
  {
    name: 'prototype poisoning',
    headers: json,
    payload: '{"__proto__": {"role": "Admin"}, "email": "admin@example.com"}',
    parseStatus: 400,
    parseMessage: 'validation.malformedBody',
  },
  { name: 'a JSON array', headers: json, payload: '[1, 2, 3]', parseStatus: null },
  { name: 'a JSON string', headers: json, payload: '"just a string"', parseStatus: null },
  { name: 'JSON null', headers: json, payload: 'null', parseStatus: null },
  {
    name: 'wrong types',
    headers: json,
    payload: JSON.stringify({
      name: 123,
      email: 123,
      password: false,
      id: 'seven',
      gymId: 'one',
      locationId: 'one',
      employerId: [],
      associationId: {},
      contentEnvironmentId: 'x',
      supplierEnvironmentId: true,
      Environment: 'Admin',
      sameAddressAsLocation: 'yes',
      street: 5,
    }),
    parseStatus: null,
  },
  {
    name: 'an oversized body (> 1 MiB)',
    headers: json,
    payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    parseStatus: 413,
    parseMessage: 'validation.bodyTooLarge',
  },
  {
    name: 'text/plain',
    headers: { 'content-type': 'text/plain' },
    payload: 'name=Grote zaal',
    parseStatus: 415,
    parseMessage: 'validation.unsupportedMediaType',
  },
  {
    name: 'application/xml',
    headers: { 'content-type': 'application/xml' },
    payload: '<area><name>Grote zaal</name></area>',
    parseStatus: 415,
    parseMessage: 'validation.unsupportedMediaType',
  },
  {
    name: 'a form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'email=admin%40example.com&password=x',
    parseStatus: 415,
    parseMessage: 'validation.unsupportedMediaType',
    // Read only by the endpoints that declare `urlEncoded` (a payment provider's webhook), as their body.
    urlEncoded: true,
  },
  {
    name: 'a truncated multipart body',
    headers: multipartHeaders,
    payload: wellFormedMultipart.slice(0, 90),
    parseStatus: null,
    multipart: { formStatus: 400, formMessage: 'validation.malformedBody' },
  },
  {
    name: 'a multipart body with wrong fields',
    headers: multipartHeaders,
    payload: wellFormedMultipart,
    parseStatus: null,
    multipart: { formStatus: 400 },
  },
  {
    name: 'an invalid content type',
    headers: { 'content-type': 'not a media type' },
    payload: '{}',
    parseStatus: 415,
    parseMessage: 'validation.unsupportedMediaType',
  },
];

describe('malformed bodies on every contract endpoint', () => {
  it('covers every endpoint of the contracts', () => {
    expect(contractEndpoints.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['health.health', 'account.cookieLogin', 'locationArea.create']),
    );
    // One matrix per endpoint below, so a new endpoint is covered without touching this file.
    expect(new Set(contractEndpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`)).size).toBe(
      contractEndpoints.length,
    );
  });

  for (const identity of ['anonymous', 'admin'] as const) {
    describe(`as ${identity}`, () => {
      it.each(contractEndpoints)('$name: 4xx with errors, never 5xx', async ({ endpoint }) => {
        // A session of its own per endpoint: logout and refresh below may end or rotate it.
        const cookie = identity === 'admin' ? await signIn('admin@example.com') : '';
        const url = concreteUrl(endpoint);
        // Each endpoint from its own client address, so that the shared code-guessing limit of the public
        // code endpoints does not turn the later ones into 429s.
        const remoteAddress = `10.99.${identity === 'admin' ? 1 : 2}.${contractEndpoints.findIndex((entry) => entry.endpoint === endpoint) + 1}`;
        const call = (headers: Record<string, string>, payload?: string) =>
          t.app.inject({
            method: endpoint.method,
            url,
            remoteAddress,
            headers: { ...headers, ...(cookie ? { cookie } : {}) },
            ...(payload === undefined ? {} : { payload }),
          });
        // What the endpoint answers without any body: a body it does not take must change nothing.
        const baseline = await call({});
        expect(baseline.statusCode).toBeLessThan(500);

        for (const malformed of malformedCases) {
          const response = await call(malformed.headers, malformed.payload);
          const label = `${endpoint.method} ${url} with ${malformed.name}`;
          expect(response.statusCode, label).toBeLessThan(500);
          expect(response.json().ok, label).toBe(response.statusCode < 400);
          if (!cookie && endpoint.policy.kind !== 'public' && endpoint.policy.kind !== 'developmentLink') {
            // Access is decided before the body is read: who may not call learns nothing about its input.
            expectFailure(response, 401, 'auth.signInRequired');
          } else if (endpoint.method === 'GET') {
            // GET bodies are never read.
            expect(response.statusCode, label).toBe(baseline.statusCode);
          } else if (malformed.multipart) {
            if (endpoint.form) {
              const errors = expectFailure(
                response,
                malformed.multipart.formStatus,
                malformed.multipart.formMessage,
              );
              // A form may name its own message for a missing file (the Excel import's `noFile`, spec 000).
              expect(
                errors.every((error) => /^(validation|files)\.|\.errors\.noFile$/.test(error.message)),
                label,
              ).toBe(true);
            } else {
              // Only endpoints that declare a form read multipart.
              expectFailure(response, 415, 'validation.unsupportedMediaType');
            }
          } else if (malformed.urlEncoded && endpoint.urlEncoded) {
            const errors = expectFailure(response, 400);
            expect(
              errors.every((error) => error.message.startsWith('validation.')),
              label,
            ).toBe(true);
          } else if (malformed.parseStatus !== null) {
            expectFailure(response, malformed.parseStatus, malformed.parseMessage);
          } else if (endpoint.form) {
            // A form endpoint takes multipart only.
            expectFailure(response, 415, 'validation.unsupportedMediaType');
          } else if (endpoint.body) {
            const errors = expectFailure(response, 400);
            expect(
              errors.every((error) => error.message.startsWith('validation.')),
              label,
            ).toBe(true);
          } else {
            expect(response.statusCode, label).toBe(baseline.statusCode);
          }
        }
      });
    });
  }
});
