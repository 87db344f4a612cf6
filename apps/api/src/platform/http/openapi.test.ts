import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractEndpoints } from '../../test/contract-walk.ts';
import { openApiDocument } from './openapi.ts';
import { OPENAPI_FILE, openApiText } from './openapi-file.ts';
import { fileRoutes } from './openapi-file-routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, walked freely
type Json = Record<string, any>;
const document = openApiDocument() as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ path, method, operation: operation as Json })),
);

/** Follows a local `$ref` (`#/components/...`) to what it names. */
function resolve(value: Json): Json {
  if (typeof value?.$ref !== 'string') return value;
  const target = (value.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json | undefined>(
      (node, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')],
      document,
    );
  if (!target) throw new Error(`unresolved ${value.$ref}`);
  return resolve(target);
}

describe('OpenAPI document', () => {
  it('is committed as generated from the contracts (run `npm run openapi -w apps/api` after a change)', () => {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    // One comparison of the whole text; on a difference, the first differing line says where.
    const generated = openApiText();
    if (committed !== generated) {
      const committedLines = committed.split('\n');
      const line = generated.split('\n').findIndex((text, index) => text !== committedLines[index]);
      expect(committedLines[line], `docs/api/openapi.json line ${line + 1}`).toBe(
        generated.split('\n')[line],
      );
    }
    expect(committed === generated).toBe(true);
  });

  it('has one operation a contract endpoint, its operationId the contract key, and the file routes', () => {
    expect(operations.length).toBe(contractEndpoints.length + fileRoutes.length);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { name, endpoint } of contractEndpoints) {
      const operation = document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
    }
    for (const file of fileRoutes) {
      const operation = document.paths[`/api${file.path}`]?.get;
      expect(operation?.operationId).toBe(file.operationId);
      expect(Object.keys(operation.responses['200'].content)).toEqual([file.contentType]);
    }
  });

  it('declares security on every operation: none on public ones, the session cookie on the others', () => {
    const publicOperations = operations.filter(({ operation }) => operation.security.length === 0);
    expect(publicOperations.length).toBeGreaterThan(30);
    for (const { path, method, operation } of operations) {
      expect(operation.security, `${method} ${path}`).toBeDefined();
      if (operation.security.length) expect(operation.security).toEqual([{ cookie: [] }]);
    }
    expect(document.components.securitySchemes.cookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  it('answers every failure with the one error envelope, and names every request and success schema', () => {
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      expect(statuses, where).toEqual(expect.arrayContaining(['200', '400', 'default']));
      for (const status of statuses.filter((status) => status !== '200')) {
        expect(operation.responses[status].$ref, `${where} ${status}`).toMatch(/^#\/components\/responses\//);
        const response = resolve(operation.responses[status]);
        expect(response.content['application/json'].schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
      for (const content of Object.values<Json>(operation.requestBody?.content ?? {}))
        expect(content.schema.$ref, where).toMatch(/^#\/components\/schemas\/\w+$/);
      const json = operation.responses['200'].content['application/json'];
      if (json) expect(json.schema.$ref, where).toMatch(/^#\/components\/schemas\/\w+Response$/);
    }
    const envelope = resolve({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(envelope.required).toEqual(['ok', 'data', 'errors']);
    expect(resolve(envelope.properties.errors.items).required).toEqual(['key', 'message']);
  });

  it('names the schemas the contracts export, shared by the operations, and every reference resolves', () => {
    const references: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          expect(key).not.toBe('$defs');
          if (key === '$ref') references.push(child as string);
          else walk(child);
        }
      }
    };
    walk(document);
    for (const reference of new Set(references)) expect(() => resolve({ $ref: reference })).not.toThrow();
    // Every component is used (a named schema only exists where an operation holds it).
    const used = new Set(references.map((reference) => reference.split('/').pop()));
    expect(Object.keys(document.components.schemas).filter((name) => !used.has(name))).toEqual([]);
    const signIn = resolve(
      document.paths['/api/account/cookielogin'].post.responses['200'].content['application/json'].schema,
    );
    expect(signIn.properties.data.properties.claims.anyOf).toContainEqual({
      $ref: '#/components/schemas/Claims',
    });
    expect(resolve({ $ref: '#/components/schemas/Claims' }).required).toEqual(
      expect.arrayContaining(['userId', 'role']),
    );
  });

  it('documents a room list and the sign-in from their contracts', () => {
    const list = document.paths['/api/LocationArea'].get;
    const response = resolve(list.responses['200'].content['application/json'].schema);
    expect(resolve(response.properties.data.properties.items.items).required).toEqual(
      expect.arrayContaining(['id', 'name', 'locationId']),
    );
    expect(list.parameters.map((parameter: Json) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'search', 'sort', 'direction', 'locationId']),
    );
    const login = document.paths['/api/account/cookielogin'].post;
    expect(login.security).toEqual([]);
    expect(resolve(login.requestBody.content['application/json'].schema).required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });
});
