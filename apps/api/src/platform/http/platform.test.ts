import {
  buildPath,
  EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
  type EndpointDefinition,
  INVOICE_PDF_PATH,
  MEMBER_IMPORT_EXAMPLE_PATH,
  XP_INVOICE_PDF_PATH,
} from '@xp/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_RETURN_PATH } from '../../modules/payment/payments.ts';
import { contractEndpoints, fastifyUrl } from '../../test/contract-walk.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { openApiDocument } from './openapi.ts';
import { fileRoutes } from './openapi-file-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every sign-in from its own address, so the per-address login limit never interferes. */
let addressCount = 0;
const nextAddress = () => `10.20.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(200);
  return cookieHeader(response.cookies);
}

/** `{ ok: false, data: null, errors: [{ key, message }, ...] }` with at least one error. */
function expectFailure(response: LightMyRequestResponse, status: number, message?: string) {
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
const concreteUrl = (endpoint: EndpointDefinition) =>
  `/api${buildPath(endpoint.path, { id: 999_999, employeeId: 999_999, versionId: 999_999, code: 'not-a-code-but-long-enough', name: 'someone@example.com', isActive: 'false', activeEmployerId: 999_999, invitationId: 999_999, kind: 'gym', token: '999999.AAAAAAAAAAAAAAAAAAAAAA', publicCode: 'AAAAAAAAAAAAAAAAAAAAAA' })}`;
const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);

describe('route table', () => {
  it('has an access policy on every registered route, HEAD routes included', () => {
    expect(t.routes.length).toBeGreaterThan(contractEndpoints.length);
    expect(t.routes.some((route) => methodsOf(route.method).includes('HEAD'))).toBe(true);
    const withoutPolicy = t.routes
      .filter((route) => !route.config?.policy?.kind)
      .map((route) => `${methodsOf(route.method).join(',')} ${route.url}`);
    expect(withoutPolicy).toEqual([]);
  });

  it('registers every contract endpoint exactly once, with the policy of its contract', () => {
    for (const { name, endpoint } of contractEndpoints) {
      const matches = t.routes.filter(
        (route) => methodsOf(route.method).includes(endpoint.method) && route.url === fastifyUrl(endpoint),
      );
      expect(matches.length, name).toBe(1);
      expect(matches[0]?.config?.policy, name).toEqual(endpoint.policy);
    }
  });

  it('registers no API route that has no contract (besides docs, file downloads and the 404 catch-all)', () => {
    const contractRoutes = new Set(contractEndpoints.map(({ endpoint }) => fastifyUrl(endpoint)));
    // Answer an .xlsx or a PDF file, which the JSON envelope of a contract endpoint cannot describe.
    const downloads = new Set([
      `/api${EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH}`,
      `/api${MEMBER_IMPORT_EXAMPLE_PATH}`,
      `/api${INVOICE_PDF_PATH.replace('{id}', ':id')}`,
      `/api${XP_INVOICE_PDF_PATH.replace('{id}', ':id')}`,
      // Not a file but a redirect: where a payment provider sends the payer back (decision 015).
      `${PAYMENT_RETURN_PATH}:token`,
    ]);
    const others = t.routes
      .map((route) => route.url)
      .filter((url) => url.startsWith('/api') && !contractRoutes.has(url) && !downloads.has(url))
      .filter((url) => !url.startsWith('/api/docs') && url !== '/api/openapi.json' && url !== '/api/*');
    expect(others).toEqual([]);
  });
});

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

describe('routing', () => {
  it('is case-insensitive', async () => {
    const cookie = await signIn('locatie@example.com');
    const list = await t.app.inject({ method: 'GET', url: '/API/LOCATIONAREA', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(3);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/COOKIELOGIN',
      payload: { email: 'gym@example.com', password: DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.claims.role).toBe('Employee');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/Api/Account/CookieRefresh',
      headers: { cookie: cookieHeader(login.cookies) },
    });
    expect(refresh.statusCode).toBe(200);

    const switchGym = await t.app.inject({
      method: 'GET',
      url: '/api/account/switchoptions',
      headers: { cookie: cookieHeader(login.cookies) },
    });
    expect(switchGym.statusCode).toBe(200);
  });

  it('answers an unknown API path with a 404 envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist/42', payload: {} });
      expectFailure(response, 404, 'errors.notFound');
    }
    expectFailure(await t.app.inject({ method: 'GET', url: '/api' }), 404, 'errors.notFound');
  });

  it('answers a method the path does not have with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/LocationArea', payload: {} });
    expectFailure(response, 404, 'errors.notFound');
  });

  it('answers bad path and query parameters with 400, not 500', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const url of [
      '/api/LocationArea/abc',
      '/api/LocationArea/0',
      '/api/LocationArea/-1',
      '/api/LocationArea/1.5',
      '/api/LocationArea/99999999999999999999999',
      '/api/LocationArea?page=abc',
      '/api/LocationArea?pageSize=1e9',
      '/api/LocationArea?sort=password',
      '/api/LocationArea?direction=sideways',
      `/api/LocationArea?search=${'x'.repeat(201)}`,
    ]) {
      expectFailure(await t.app.inject({ method: 'GET', url, headers: { cookie } }), 400);
    }
  });
});

describe('request ids', () => {
  it('puts an x-request-id on every answer, also on errors', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope' });
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/LocationArea' });
    for (const response of [ok, notFound, unauthorized]) {
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
    }
    expect(unauthorized.statusCode).toBe(401);
    expect(ok.headers['x-request-id']).not.toBe(notFound.headers['x-request-id']);
  });

  it('echoes a valid incoming id and replaces an invalid one', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-1234abcd');

    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0007<script>' },
    });
    expect(invalid.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cross-origin requests', () => {
  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      headers: { host: 'backoffice.example.nl', ...headers },
      payload: { email: 'content@example.com', password: DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });

  it('refuses unsafe methods from another origin with 403 auth.crossOrigin', async () => {
    const response = await login({ origin: 'http://evil.example' });
    expectFailure(response, 403, 'auth.crossOrigin');
    expect(response.cookies).toEqual([]);
  });

  it('refuses every unsafe method of the API from another origin, before anything else', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const { endpoint } of contractEndpoints.filter(({ endpoint }) => endpoint.method !== 'GET')) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: concreteUrl(endpoint),
        headers: { cookie, origin: 'http://evil.example', host: 'localhost:3000' },
        payload: {},
      });
      expectFailure(response, 403, 'auth.crossOrigin');
    }
  });

  it('refuses a foreign port, scheme look-alike, an opaque (null) and an unparsable origin', async () => {
    for (const origin of [
      'http://backoffice.example.nl:8080',
      'http://backoffice.example.nl.evil.example',
      'null',
      'not a url',
    ]) {
      expectFailure(await login({ origin }), 403, 'auth.crossOrigin');
    }
  });

  it('refuses Sec-Fetch-Site cross-site and same-site', async () => {
    expectFailure(await login({ 'sec-fetch-site': 'cross-site' }), 403, 'auth.crossOrigin');
    expectFailure(await login({ 'sec-fetch-site': 'same-site' }), 403, 'auth.crossOrigin');
  });

  it('lets same-origin requests and requests without Origin pass', async () => {
    expect((await login({ origin: 'https://backoffice.example.nl' })).statusCode).toBe(200);
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(
      (await login({ origin: 'https://backoffice.example.nl', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it('does not block safe methods from another origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('API documentation', () => {
  it('serves OpenAPI with every contract path and method', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const { name, endpoint } of contractEndpoints) {
      const operation = document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation.summary, name).toBe(endpoint.summary);
      if (endpoint.policy.kind === 'public' || endpoint.policy.kind === 'developmentLink')
        expect(operation.security, name).toEqual([]);
      else expect(operation.security, name).toEqual([{ cookie: [] }]);
    }
    // Documentation and the 404 catch-all are not part of the API.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(document.paths)).not.toContain('/api/*');
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json');
  });

  it('documents request bodies and parameters from the contracts', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const login = document.paths['/api/account/cookielogin'].post;
    // Request and response schemas are named components.
    const component = (schema: { $ref: string }) =>
      document.components.schemas[schema.$ref.split('/').pop()!];
    const schema = component(login.requestBody.content['application/json'].schema);
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    const get = document.paths['/api/LocationArea/{id}'].get;
    expect(get.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    // Form endpoints are documented as multipart/form-data, file fields as binary strings.
    for (const { name, endpoint } of contractEndpoints.filter(({ endpoint }) => endpoint.form)) {
      const content =
        document.paths[`/api${endpoint.path}`][endpoint.method.toLowerCase()].requestBody.content;
      expect(Object.keys(content), name).toEqual(['multipart/form-data']);
      expect(component(content['multipart/form-data'].schema).type, name).toBe('object');
    }
    const list = document.paths['/api/LocationArea'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'search', 'sort', 'direction', 'locationId']),
    );
  });

  it('serves the document built from the contracts (the one committed in docs/api), also to the docs page', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(served).toEqual(openApiDocument());
    const forDocsPage = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(forDocsPage.statusCode).toBe(200);
    expect(forDocsPage.json()).toEqual(served);
  });

  it('documents each file route with the policy its module registers', () => {
    for (const file of fileRoutes) {
      const url = `/api${file.path.replace('{id}', ':id')}`;
      const registered = t.routes.filter(
        (route) => route.url === url && methodsOf(route.method).includes('GET'),
      );
      expect(registered.length, url).toBe(1);
      expect(registered[0]?.config?.policy, url).toEqual(file.policy);
    }
  });

  it('serves the browsable docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Swagger UI');
  });
});
