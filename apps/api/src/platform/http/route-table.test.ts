import {
  EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
  INVOICE_PDF_PATH,
  MEMBER_IMPORT_EXAMPLE_PATH,
  XP_INVOICE_PDF_PATH,
} from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { PAYMENT_RETURN_PATH } from '../../modules/payment/payments.ts';
import { contractEndpoints, fastifyUrl } from '../../test/contract-walk.ts';
import { openApiDocument } from './openapi.ts';
import { fileRoutes } from './openapi-file-routes.ts';
import { methodsOf, t, useTestApp } from './platform-test-setup.ts';

useTestApp();

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
