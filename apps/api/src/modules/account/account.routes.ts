import { accountEndpoints as endpoints } from '@xp/contracts';
import type { FastifyReply } from 'fastify';
import {
  type CookieSettings,
  clearSessionCookies,
  REFRESH_COOKIE,
  setSessionCookies,
} from '../../platform/auth/cookies.ts';
import { errors } from '../../platform/http/errors.ts';
import { type RequestContext, route } from '../../platform/http/route.ts';
import * as service from './account.service.ts';

export interface AccountRouteDeps extends service.AccountDeps {
  cookies: CookieSettings;
}

export function accountRoutes(deps: AccountRouteDeps) {
  /** Sets the cookies of a (re)issued session and answers its claims. */
  const answer = (reply: FastifyReply, issued: service.IssuedSession) => {
    if (issued.refreshToken) {
      setSessionCookies(reply, deps.cookies, {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
      });
    } else {
      reply.setCookie('xp_access', issued.accessToken, {
        httpOnly: true,
        secure: deps.cookies.secure,
        sameSite: 'lax',
        path: '/',
        maxAge: deps.cookies.refreshTokenDays * 86_400,
      });
    }
    return { claims: issued.claims };
  };

  const switched =
    <E extends (typeof endpoints)[keyof typeof endpoints]>(
      toTarget: (body: RequestContext<E>['body']) => Parameters<typeof service.switchActive>[3],
    ) =>
    async (context: RequestContext<E>) =>
      answer(
        context.reply,
        await service.switchActive(deps, context.session as never, context.sessionId, toTarget(context.body)),
      );

  return [
    route(endpoints.cookieLogin, async ({ body, request, reply }) => {
      const issued = await service.login(deps, { ...body, address: request.ip });
      return { requiresTfa: false, ...answer(reply, issued) };
    }),
    route(endpoints.cookieRefresh, async ({ request, reply }) => {
      try {
        return answer(reply, await service.refresh(deps, request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        clearSessionCookies(reply, deps.cookies);
        throw error;
      }
    }),
    route(endpoints.cookieLogout, async ({ sessionId, request, reply }) => {
      await service.logout(deps, sessionId, request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply, deps.cookies);
      return null;
    }),
    route(endpoints.switchOptions, async ({ session }) => service.switchOptions(deps.db, session)),
    route(
      endpoints.switchActiveGym,
      switched((body) => ({ kind: 'gym', gymId: body.gymId })),
    ),
    route(
      endpoints.switchActiveLocation,
      switched((body) => ({ kind: 'location', locationId: body.locationId })),
    ),
    route(
      endpoints.switchActiveEmployer,
      switched((body) => ({ kind: 'employer', employerId: body.employerId })),
    ),
    route(
      endpoints.switchActiveAssociation,
      switched((body) => ({ kind: 'association', associationId: body.associationId })),
    ),
    route(
      endpoints.switchActiveContentEnvironment,
      switched((body) => ({ kind: 'contentEnvironment', contentEnvironmentId: body.contentEnvironmentId })),
    ),
    route(
      endpoints.switchActiveSupplierEnvironment,
      switched((body) => ({ kind: 'supplier', supplierId: body.supplierEnvironmentId })),
    ),
    route(
      endpoints.switchActiveEnvironment,
      switched((body) => ({ kind: 'environment', environment: body.Environment })),
    ),
  ];
}

export { errors };
