import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contracts from '@xp/contracts';
import { apiError, type EndpointDefinition, endpointGroups, type Policy } from '@xp/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACCESS_COOKIE } from '../auth/cookies.ts';
import { fileRoutes } from './openapi-file-routes.ts';

/**
 * The API's OpenAPI 3.1 document, built from the contracts alone (no server, no database): one operation a
 * contract endpoint, its `operationId` the contract's key (`locationArea.list`), its request and success
 * schemas named components (`LocationAreaListResponse`), every failure the one error envelope, and the
 * routes that answer a file (PDF, .xlsx) beside them. `npm run openapi -w apps/api` writes it to
 * docs/api/openapi.json (committed, linted by Redocly in `npm test`); the server serves the same document at
 * /api/openapi.json and browsable at /api/docs. Decision 021.
 */

type Json = Record<string, unknown>;
type JsonSchema = Json;

/** `locationArea.list` -> `LocationAreaList`, the stem of the endpoint's component names. */
const pascal = (operationId: string) =>
  operationId
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const isPublic = (endpointPolicy: Policy) =>
  endpointPolicy.kind === 'public' || endpointPolicy.kind === 'developmentLink';

/** Who may call, in words: the operation's description. */
function describePolicy(endpointPolicy: Policy): string {
  switch (endpointPolicy.kind) {
    case 'public':
      return 'Public: no session needed.';
    case 'signedIn':
      return 'Any signed-in user.';
    case 'role':
      return `Signed in with the role ${endpointPolicy.roles.join(' or ')}.`;
    case 'gymRight':
      return `The gym right ${endpointPolicy.right} in the active gym.`;
    case 'anyGymRight':
      return `Any of the gym rights ${endpointPolicy.rights.join(', ')} in the active gym.`;
    case 'locationRight':
      return `The location right ${endpointPolicy.right} at the active location.`;
    case 'gymOrLocationRight':
      return `The gym right ${endpointPolicy.gymRight} in the active gym, or in the Location environment the location right ${endpointPolicy.locationRight} at the active location.`;
    case 'development':
      return 'Development only (404 in production): a signed-in admin.';
    case 'developmentLink':
      return "Development only (404 in production): whoever holds the link (the handler checks the link's token).";
  }
}

/**
 * A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), as the server's validator reads it (`input`)
 * or its serializer writes it (`output`). Dates leave as ISO strings; what JSON Schema cannot say (a custom
 * check, a transform) is left open, as fastify-type-provider-zod does.
 */
function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  shared?: Record<string, JsonSchema>,
): JsonSchema {
  const result = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    ...(shared ? { metadata: namingRegistry(schema, io) } : {}),
    override: (context) => {
      const def = (context.zodSchema as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
      const type = def.type;
      if (type === 'date' && io === 'output') {
        context.jsonSchema.type = 'string';
        context.jsonSchema.format = 'date-time';
      }
      // A date input (a form part or JSON) is a string the contract parses.
      if (type === 'date' && io === 'input') {
        context.jsonSchema.type = 'string';
        context.jsonSchema.description ??=
          'An ISO 8601 date or date and time: 2026-11-29 or 2026-11-29T09:30:00Z.';
      }
      // A custom check before a schema (`z.custom(...).pipe(fileUpload)`) says nothing; what follows it does.
      if (type === 'pipe' && def.out && Object.keys(context.jsonSchema).length === 0)
        Object.assign(context.jsonSchema, jsonSchemaOf(def.out, io));
      // `z.number().int()` bounds every integer to the safe range: true of any JSON number a client sends.
      if (context.jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete context.jsonSchema.minimum;
      if (context.jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete context.jsonSchema.maximum;
      if (type === 'union' && Array.isArray(context.jsonSchema.anyOf))
        context.jsonSchema.anyOf = context.jsonSchema.anyOf.filter(
          (branch) => Object.keys(branch).length > 0,
        );
    },
  }) as JsonSchema;
  delete result.$schema;
  if (!shared || !result.$defs) return result;
  // The named schemas it holds become components of their own, shared by every operation that uses them.
  const { $defs, ...rest } = JSON.parse(
    JSON.stringify(result).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as JsonSchema & { $defs: Record<string, JsonSchema> };
  for (const [name, definition] of Object.entries($defs)) {
    if (name.startsWith('__')) throw new Error(`OpenAPI: an unnamed recursive schema (${name}); name it`);
    if (shared[name] && JSON.stringify(shared[name]) !== JSON.stringify(definition))
      throw new Error(`OpenAPI: two schemas named ${name}`);
    shared[name] = definition;
  }
  return rest;
}

let contractSchemaNames: Map<unknown, string> | undefined;
/**
 * The object schemas the contracts export, by export name (`claimsSchema` -> `Claims`, `member` ->
 * `Member`): a component each wherever an operation's schema holds one.
 */
function contractSchemaNamesOf() {
  if (contractSchemaNames) return contractSchemaNames;
  contractSchemaNames = new Map();
  const exports = Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b, 'en'));
  for (const [exportName, value] of exports)
    if (value instanceof z.ZodObject && !contractSchemaNames.has(value))
      contractSchemaNames.set(value, pascal(exportName.replace(/Schema$/, '')));
  return contractSchemaNames;
}

/** zod's metadata with an `id` on the contracts' named schemas (not on the one converted, which has its own). */
const namingRegistry = (root: z.ZodType, io: 'input' | 'output') =>
  ({
    get: (schema: z.ZodType) => {
      const meta = z.globalRegistry.get(schema);
      const name = schema === root ? undefined : contractSchemaNamesOf().get(schema);
      if (!name) return meta;
      return { ...meta, id: io === 'input' && !name.endsWith('Input') ? `${name}Input` : name };
    },
  }) as unknown as typeof z.globalRegistry;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The failures every operation may answer, each with the one error envelope. */
const ERROR_RESPONSES: Record<string, { status: string; description: string }> = {
  BadRequest: {
    status: '400',
    description: 'The input is not valid (a bad URL, parameter or body): the errors name the fields.',
  },
  Unauthorized: {
    status: '401',
    description:
      'No session, or it ended (`auth.signInRequired`); `auth.sessionExpired` with `Token-Expired: true`.',
  },
  Forbidden: {
    status: '403',
    description:
      'The session lacks the right, or an unsafe request came from another site (`auth.crossOrigin`).',
  },
  NotFound: {
    status: '404',
    description: 'Not found, or not yours: the two are indistinguishable on purpose.',
  },
  Conflict: {
    status: '409',
    description: 'A conflict with what is stored (a name taken, a changed state, a concurrent change).',
  },
  PayloadTooLarge: { status: '413', description: 'The body is larger than 1 MB.' },
  UnsupportedMediaType: {
    status: '415',
    description: 'The body is not of a type the operation takes (JSON, or multipart/form-data for forms).',
  },
  Default: {
    status: 'default',
    description:
      'Any other failure (429 with `Retry-After` when rate-limited, 503 when the database is away, 500).',
  },
};

function errorResponsesOf(method: string, endpointPolicy: Policy, hasParams: boolean, takesBody: boolean) {
  const names = ['BadRequest'];
  const unsafe = method !== 'GET';
  if (!isPublic(endpointPolicy)) names.push('Unauthorized');
  if (!isPublic(endpointPolicy) || unsafe) names.push('Forbidden');
  if (hasParams || endpointPolicy.kind === 'development' || endpointPolicy.kind === 'developmentLink')
    names.push('NotFound');
  if (unsafe) names.push('Conflict');
  if (takesBody) names.push('PayloadTooLarge', 'UnsupportedMediaType');
  names.push('Default');
  return Object.fromEntries(
    names.map((name) => [(ERROR_RESPONSES[name] as { status: string }).status, responseRef(name)]),
  );
}

function parametersOf(location: 'path' | 'query', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

const securityOf = (endpointPolicy: Policy) => (isPublic(endpointPolicy) ? [] : [{ cookie: [] }]);

/** The success envelope around an endpoint's `data`. */
const successEnvelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: {
    ok: { type: 'boolean', const: true },
    data,
    errors: { type: 'array', items: ref('ApiError'), maxItems: 0 },
  },
  required: ['ok', 'data', 'errors'],
  additionalProperties: false,
});

export function buildOpenApiDocument(): Json {
  /** The contracts' named schemas the operations hold (see `contractSchemaNamesOf`). */
  const shared: Record<string, JsonSchema> = {};
  const schemas: Record<string, JsonSchema> = {
    ApiError: {
      ...jsonSchemaOf(apiError, 'output'),
      description:
        '`key`: the field path (`addresses[0].street`) or `general`; `message`: a translation key.',
    },
    ErrorEnvelope: {
      type: 'object',
      description: 'Every failure: `ok` false, no data, at least one error.',
      properties: {
        ok: { type: 'boolean', const: false },
        data: { type: 'null' },
        errors: { type: 'array', items: ref('ApiError'), minItems: 1 },
      },
      required: ['ok', 'data', 'errors'],
      additionalProperties: false,
    },
  };
  const addSchema = (name: string, schema: JsonSchema) => {
    if (schemas[name]) throw new Error(`OpenAPI: two schemas named ${name}`);
    schemas[name] = schema;
    return ref(name);
  };
  const paths: Record<string, Record<string, Json>> = {};
  const operationAt = (path: string, method: string, operation: Json) => {
    const item = paths[`/api${path}`] ?? {};
    paths[`/api${path}`] = item;
    if (item[method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} twice`);
    item[method] = operation;
  };
  const tags = new Set<string>();

  for (const [group, endpoints] of Object.entries(endpointGroups)) {
    for (const [key, endpoint] of Object.entries(endpoints as Record<string, EndpointDefinition>)) {
      const operationId = `${group}.${key}`;
      const stem = pascal(operationId);
      const method = endpoint.method.toLowerCase();
      for (const tag of endpoint.tags) tags.add(tag);
      const bodyContent: Record<string, Json> = {};
      if (endpoint.body) {
        const body = { schema: addSchema(`${stem}Request`, jsonSchemaOf(endpoint.body, 'input', shared)) };
        bodyContent['application/json'] = body;
        if (endpoint.urlEncoded) bodyContent['application/x-www-form-urlencoded'] = body;
      }
      if (endpoint.form)
        bodyContent['multipart/form-data'] = {
          schema: addSchema(`${stem}Form`, jsonSchemaOf(endpoint.form, 'input', shared)),
        };
      const takesBody = Object.keys(bodyContent).length > 0;
      const parameters = [...parametersOf('path', endpoint.params), ...parametersOf('query', endpoint.query)];
      operationAt(endpoint.path, method, {
        operationId,
        summary: endpoint.summary,
        description: describePolicy(endpoint.policy),
        tags: [...endpoint.tags],
        security: securityOf(endpoint.policy),
        ...(parameters.length ? { parameters } : {}),
        ...(takesBody ? { requestBody: { required: true, content: bodyContent } } : {}),
        responses: {
          '200': {
            description: 'Done: `ok` true, the answer in `data`.',
            content: {
              'application/json': {
                schema: addSchema(
                  `${stem}Response`,
                  successEnvelope(jsonSchemaOf(endpoint.response as z.ZodType, 'output', shared)),
                ),
              },
            },
          },
          ...errorResponsesOf(endpoint.method, endpoint.policy, Boolean(endpoint.params), takesBody),
        },
      });
    }
  }

  for (const file of fileRoutes) {
    for (const tag of file.tags) tags.add(tag);
    const parameters = parametersOf('path', file.params);
    operationAt(file.path, 'get', {
      operationId: file.operationId,
      summary: file.summary,
      description: `${describePolicy(file.policy)} Answers the file itself, not the JSON envelope; a failure answers the error envelope.`,
      tags: [...file.tags],
      security: securityOf(file.policy),
      ...(parameters.length ? { parameters } : {}),
      responses: {
        '200': {
          description: 'The file.',
          headers: {
            'Content-Disposition': {
              description: `\`${file.disposition}; filename="..."\``,
              schema: { type: 'string' },
            },
          },
          content: { [file.contentType]: { schema: { type: 'string', contentMediaType: file.contentType } } },
        },
        ...errorResponsesOf('GET', file.policy, Boolean(file.params), false),
      },
    });
  }

  for (const name of Object.keys(shared).sort()) addSchema(name, shared[name] as JsonSchema);
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b, 'en')));
  return {
    openapi: '3.1.0',
    info: {
      title: 'XP back-office API',
      version: '1.0.0',
      description: [
        'The back-office API of XP. Every JSON answer is the envelope `{ ok, data, errors }`: `data` on',
        'success, `errors` (each `{ key, message }`, `message` a translation key) on failure.',
        `Signing in (\`POST /api/account/cookielogin\`) sets the session cookie \`${ACCESS_COOKIE}\`;`,
        'unsafe requests (POST, PUT, PATCH, DELETE) must come from the same origin.',
      ].join(' '),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: [...tags].sort().map((name) => ({ name, description: `The ${name} calls.` })),
    paths: sortedPaths,
    components: {
      securitySchemes: {
        cookie: {
          type: 'apiKey',
          in: 'cookie',
          name: ACCESS_COOKIE,
          description: 'The session, set by signing in.',
        },
      },
      schemas,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, { description }]) => [
          name,
          { description, content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
        ]),
      ),
    },
  };
}

let built: Json | undefined;
/** Built once a process, on first use (about half a second: most servers, the tests' too, never need it). */
export const openApiDocument = () => (built ??= buildOpenApiDocument());

/** `/api/openapi.json` and the browsable `/api/docs` (register in a public scope): the document as committed. */
export async function registerOpenApi(app: FastifyInstance) {
  // @fastify/swagger's static mode serves the object it is given; it is filled before the first request for
  // it instead of when the server starts.
  const document: Json = {};
  app.addHook('onRequest', async () => {
    if (!('openapi' in document)) Object.assign(document, openApiDocument());
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
}
