import {
  allows,
  type Claims,
  type EndpointDefinition,
  type Policy,
  type ResponseOf,
  type ServerFormOf,
} from '@xp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../audit/audit.ts';
import { errors } from './errors.ts';

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RequestContext<E extends EndpointDefinition> {
  /** The signed-in user's claims; null only on public endpoints when nobody is signed in. */
  session: E['policy'] extends { kind: 'public' } ? Claims | null : Claims;
  /**
   * Who writes, for the audit log: the signed-in user, else the public requester, with this request's id.
   * Services that audit take it (`audit.write(tx, actor, …)`), not the session's user id and `request.id`.
   */
  actor: Actor;
  /** The refresh-family id of the session (null when not signed in). */
  sessionId: string | null;
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: Input<E['body']>;
  /** The multipart body, parsed and validated with the endpoint's `form` schema (files as `UploadedFile`). */
  form: ServerFormOf<Input<E['form']>>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteEntry {
  endpoint: EndpointDefinition;
  handler: (context: RequestContext<EndpointDefinition>) => Promise<unknown>;
}

/** Binds a handler to its contract; the handler parses nothing itself and calls one service function. */
export function route<E extends EndpointDefinition>(
  endpoint: E,
  handler: (context: RequestContext<E>) => Promise<ResponseOf<E>>,
): RouteEntry {
  return { endpoint, handler: handler as unknown as RouteEntry['handler'] };
}

/** What the access cookie held: nothing, a live session, an expired token, a bad one, or an ended session. */
export type TokenState = 'none' | 'valid' | 'expired' | 'invalid' | 'ended';

/** Throws unless the session satisfies the policy. `session` is null when no live session came. */
export function enforcePolicy(
  policy: Policy,
  session: Claims | null,
  tokenState: TokenState,
  isProduction: boolean,
): void {
  if (policy.kind === 'public') return;
  // Development tools do not exist in production, for anyone.
  if ((policy.kind === 'development' || policy.kind === 'developmentLink') && isProduction)
    throw errors.notFound();
  if (policy.kind === 'developmentLink') return;
  if (!session) {
    throw tokenState === 'expired'
      ? errors.unauthorized('auth.sessionExpired', { 'Token-Expired': 'true' })
      : errors.unauthorized();
  }
  // The yes or no is the contracts' `allows`, the one the web's menus and guards ask as well.
  if (!allows(policy, session)) throw errors.forbidden();
}
