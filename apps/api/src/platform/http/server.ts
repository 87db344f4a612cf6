import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  CLAIMS_TAG_HEADER,
  type Claims,
  claimsTag,
  type EndpointDefinition,
  envelope,
  type Policy,
  policy,
} from '@xp/contracts';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf } from '../audit/audit.ts';
import { ACCESS_COOKIE } from '../auth/cookies.ts';
import type { TokenSigner } from '../auth/tokens.ts';
import { connectionFailure, isConcurrencyConflict } from '../db/errors.ts';
import { logSerializers } from '../log.ts';
import { fastifyTrustProxy, type TrustProxy } from '../trust-proxy.ts';
import { appHtml } from './app-html.ts';
import { databaseUnavailable } from './database-errors.ts';
import { failure, fieldKey, success } from './envelope.ts';
import { AppError, GENERAL_KEY } from './errors.ts';
import { refuseNulBytesInInput } from './input-characters.ts';
import { formFieldsOf, readForm } from './multipart.ts';
import { registerOpenApi } from './openapi.ts';
import { enforcePolicy, type RouteEntry, type TokenState } from './route.ts';
import { registerSecurityHeaders } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares who may call it; a test fails on any route without one. */
    policy?: Policy;
    /** A contract endpoint (public ones too read the session, when there is one). */
    isEndpoint?: boolean;
  }
  interface FastifyRequest {
    session: Claims | null;
    sessionId: string | null;
  }
}

export interface ServerOptions {
  isProduction: boolean;
  logLevel: string;
  signer: TokenSigner;
  /** The claims of a live session, or undefined when it has ended (logged out, revoked, user deleted). */
  loadSession: (sessionId: string) => Promise<Claims | undefined>;
  routes: RouteEntry[];
  /**
   * Routes outside the contracts and outside `/api` (the image CDN): each registers itself on the app and
   * must declare `config.policy` on every route it adds (the route-table test checks it).
   */
  platformRoutes?: ((app: FastifyInstance) => void | Promise<void>)[];
  webDist: string;
  allowedOrigins: string[];
  trustProxy: TrustProxy;
  /** Where log lines go; unset: stdout. Tests read the log through it. */
  logStream?: { write(line: string): void };
  /** Hook for tests to see every registered route. */
  onRouteRegistered?: (route: {
    method: string | string[];
    url: string;
    config?: { policy?: Policy };
  }) => void;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_LIMIT = 1024 * 1024;

/** Fastify's own client errors, mapped to our translated keys. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'validation.malformedBody' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'validation.malformedBody' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'validation.malformedBody' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'validation.bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'validation.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'validation.malformedBody' },
  FST_ERR_VALIDATION: { status: 400, message: 'validation.invalid' },
  FST_ERR_BAD_URL: { status: 400, message: 'errors.badUrl' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'validation.tooLong' },
};

/** `{name}` -> `:name` */
const fastifyPath = (contractPath: string) => `/api${contractPath.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * One log line a request, when it is answered (method, path without query, request id, status, time),
 * instead of Fastify's two ("incoming request" and "request completed"): at `info` the second line cost
 * about a tenth of the API's CPU on a cheap list (docs/performance/runs/2026-11-24-api-cost-per-request.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) super.requestCompleted(error, request, reply);
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

function requestId(request: { headers: Record<string, string | string[] | undefined> }) {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel,
      // No personal data in logs: no bodies, no cookies, no addresses, no query strings, no query values.
      serializers: {
        ...logSerializers,
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.split('?')[0],
          requestId: request.id,
        }),
      },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: requestId,
    logController: new OneLinePerRequest(),
    // A bad or over-long URL fails in the router, before any hook: answered in the envelope too.
    frameworkErrors: (error, request, reply) => {
      const known = FASTIFY_CLIENT_ERRORS[error.code] ?? { status: 400, message: 'errors.badUrl' };
      reply.header('x-request-id', request.id);
      return (reply as FastifyReply)
        .status(known.status)
        .send(failure([{ key: GENERAL_KEY, message: known.message }]));
    },
    bodyLimit: BODY_LIMIT,
    // On close (SIGTERM, after the drain): idle keep-alive connections close at once, requests in flight
    // finish, and one that still arrives on an open connection gets 503 with `Connection: close`.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: 200,
    },
    trustProxy: fastifyTrustProxy(options.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  refuseNulBytesInInput(app as unknown as FastifyInstance);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionId', null);

  if (options.onRouteRegistered) {
    const listener = options.onRouteRegistered;
    app.addHook('onRoute', (route) => listener(route));
  }

  // First, so that every answer has them, an error from a later hook too.
  await registerSecurityHeaders(app as unknown as FastifyInstance, { isProduction: options.isProduction });
  await app.register(cookie);
  // Answers above 1 KB in brotli or gzip, as the client accepts. Added to each route as it is registered, so
  // before any; images (/cdn) and spreadsheets are not of a compressible type; the SPA's files are sent
  // pre-compressed from the build (Content-Encoding set: left alone). Request bodies stay as they were (plain).
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  // JSON, and multipart/form-data for endpoints that declare a `form` (read in `registerEndpoint`); anything
  // else is a 415. The plugin's parser only marks the request; nothing is read before the policy passed.
  app.removeContentTypeParser('text/plain');
  await app.register(multipart);
  // Form-encoded bodies only for the endpoints that declare them (`urlEncoded`: webhooks); refused elsewhere.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!UNSAFE_METHODS.has(request.method)) return;
    // Unsafe requests must come from our own origin (with SameSite cookies, against CSRF).
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site')
      throw new AppError(403, [{ key: GENERAL_KEY, message: 'auth.crossOrigin' }]);
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        throw new AppError(403, [{ key: GENERAL_KEY, message: 'auth.crossOrigin' }]);
      }
      if (host !== request.headers.host && !options.allowedOrigins.includes(origin)) {
        throw new AppError(403, [{ key: GENERAL_KEY, message: 'auth.crossOrigin' }]);
      }
    } else if (origin === 'null') {
      throw new AppError(403, [{ key: GENERAL_KEY, message: 'auth.crossOrigin' }]);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.status).send(failure(error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(
        failure(
          error.validation.map((issue) => ({
            key: fieldKey(issue.instancePath) || GENERAL_KEY,
            message: issue.message?.includes('.') ? issue.message : 'validation.invalid',
          })),
        ),
      );
    }
    const code = (error as { code?: string }).code;
    const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
    if (known)
      return reply.status(known.status).send(failure([{ key: GENERAL_KEY, message: known.message }]));
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(failure([{ key: GENERAL_KEY, message: 'general_error' }]));
    }
    // The database is away (restart, failover, network): worth a retry, not a 500.
    const lostDatabase = connectionFailure(error);
    if (lostDatabase) {
      request.log.warn({ reason: lostDatabase }, 'database unavailable');
      const unavailable = databaseUnavailable();
      return reply.status(503).headers(unavailable.headers).send(failure(unavailable.errors));
    }
    // Two transactions that waited on each other: PostgreSQL aborted this one; nothing was written.
    if (isConcurrencyConflict(error)) {
      request.log.warn({ err: error }, 'concurrent change');
      return reply.status(409).send(failure([{ key: GENERAL_KEY, message: 'errors.concurrentChange' }]));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(failure([{ key: GENERAL_KEY, message: 'general_error' }]));
  });

  // Platform routes outside the contracts (docs, static files) are public: declared here, once, per scope.
  const publicScope = (scope: FastifyInstance) =>
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, policy: route.config?.policy ?? policy.public };
    });

  // The OpenAPI document (built from the contracts, as committed in docs/api) and its browsable page.
  await app.register(async (docs) => {
    publicScope(docs as unknown as FastifyInstance);
    await registerOpenApi(docs as unknown as FastifyInstance);
  });

  // Session: read on every request, before the body is parsed, so that who may not call a route learns
  // that (401/403) rather than how to shape its input; the policy decides what a missing token means.
  // The token only names the session: its claims are read from the database on every request, so logout,
  // revocation and a change of rights take effect on the next request (decision 002). Public routes outside
  // the contracts (the SPA, docs, images) never read it.
  app.addHook('onRequest', async (request) => {
    const { policy: policyOfRoute, isEndpoint } = request.routeOptions.config;
    if (!policyOfRoute || (policyOfRoute.kind === 'public' && !isEndpoint)) return;
    const token = request.cookies[ACCESS_COOKIE];
    let tokenState: TokenState = 'none';
    if (token) {
      const verified = await options.signer.verify(token);
      if (typeof verified === 'string') tokenState = verified;
      else {
        const claims = await options.loadSession(verified.sessionId);
        tokenState = claims ? 'valid' : 'ended';
        request.session = claims ?? null;
        request.sessionId = claims ? verified.sessionId : null;
      }
    }
    enforcePolicy(policyOfRoute, request.session, tokenState, options.isProduction);
  });

  // Which claims served the request (new ones after a sign-in or switch set their own): the client refetches
  // its claims when they differ from what it holds.
  app.addHook('onSend', async (request, reply) => {
    if (request.session && !reply.hasHeader(CLAIMS_TAG_HEADER))
      reply.header(CLAIMS_TAG_HEADER, claimsTag(request.session));
  });

  await app.register(async (api) => {
    for (const entry of options.routes) registerEndpoint(api as unknown as FastifyInstance, entry);
    api.get(
      '/api/*',
      { config: { policy: policy.public }, schema: { hide: true } },
      async (_request, reply) =>
        reply.status(404).send(failure([{ key: GENERAL_KEY, message: 'errors.notFound' }])),
    );
  });

  for (const register of options.platformRoutes ?? []) {
    await app.register(async (scope) => register(scope as unknown as FastifyInstance));
  }

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(failure([{ key: GENERAL_KEY, message: 'errors.notFound' }])),
  );

  await registerSpa(app as unknown as FastifyInstance, options.webDist, publicScope, options.isProduction);
  return app as unknown as FastifyInstance;
}

const unsupportedMediaType = () =>
  new AppError(415, [{ key: GENERAL_KEY, message: 'validation.unsupportedMediaType' }]);

function registerEndpoint(app: FastifyInstance, { endpoint, handler }: RouteEntry) {
  const definition: EndpointDefinition = endpoint;
  const { form } = definition;
  if (form && definition.body)
    throw new Error(`${definition.path}: an endpoint takes a body or a form, not both`);
  // The parts the form takes: reading stops at any other (multipart.ts).
  const formFields = form ? formFieldsOf(form) : undefined;
  app.route({
    method: definition.method,
    url: fastifyPath(definition.path),
    config: { policy: definition.policy, isEndpoint: true },
    // Validation and serialization only: the OpenAPI document is built from the contracts (openapi.ts).
    schema: {
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      // The parts, read into one object below, are validated as the body.
      ...(form ? { body: form } : {}),
      response: { 200: envelope(definition.response as z.ZodType) },
    },
    // Runs after the policy (onRequest), before validation: only who may call the endpoint gets it read.
    preValidation: async (request) => {
      if (form) {
        if (!request.isMultipart()) throw unsupportedMediaType();
        request.body = await readForm(request, undefined, formFields);
      } else if (request.isMultipart()) {
        throw unsupportedMediaType();
      } else if (
        // A form body was read (never for GET: its body is not read), and the endpoint does not take one.
        !definition.urlEncoded &&
        request.body !== undefined &&
        request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ) {
        throw unsupportedMediaType();
      }
    },
    handler: async (request, reply) => {
      const data = await handler({
        session: request.session as Claims,
        actor: actorOf(request.session, request.id),
        sessionId: request.sessionId,
        params: request.params as never,
        query: request.query as never,
        body: (form ? undefined : request.body) as never,
        form: (form ? request.body : undefined) as never,
        request,
        reply,
      });
      return success(data ?? null);
    },
  });
}

async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  publicScope: (scope: FastifyInstance) => void,
  isProduction: boolean,
) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'the web app is not built; only the API is served');
    return;
  }
  await app.register(async (spa) => {
    publicScope(spa);
    await spa.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent as they are, by the client's Accept-Encoding.
      preCompressed: true,
      // Source maps would hand out the source: built for development, not served in production (404).
      ...(isProduction ? { allowedPath: (pathName: string) => !pathName.endsWith('.map') } : {}),
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; everything else must be revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // History fallback: any other GET loads the app, which routes on the client; with its screen's code
    // announced in the page when the build has a route preload map (app-html.ts).
    const pageOf = appHtml(webDist);
    spa.get('/*', { schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      if (!pageOf) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(pageOf(new URL(request.url, 'http://app').pathname));
    });
    // A first visit of the login page, and of the public pages (sign-up, pay and cancel links), loads a small
    // entry of its own (decision 010); the app, once loaded, shows its own routes in-app. An older build
    // without them serves the app there too.
    for (const [html, paths] of SMALL_ENTRIES) {
      if (!fs.existsSync(path.join(webDist, html))) continue;
      const sendEntry = async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile(html);
      };
      for (const url of paths) spa.get(url, { schema: { hide: true } }, sendEntry);
    }
  });
}

/** The pages of the web build with an entry of their own (decision 010), and the paths that load it. */
const SMALL_ENTRIES: [html: string, paths: string[]][] = [
  ['login.html', ['/account/login', '/account/login/*']],
  ['public.html', ['/inschrijven', '/inschrijven/*', '/betalen/*', '/afmelden/*']],
];
