import { CLAIMS_TAG_HEADER, claimsTag, accountEndpoints as endpoints } from '@xp/contracts';
import type { FastifyReply } from 'fastify';
import {
  type CookieSettings,
  clearSessionCookies,
  REFRESH_COOKIE,
  setAccessCookie,
  setSessionCookies,
} from '../../platform/auth/cookies.ts';
import { type RequestContext, route } from '../../platform/http/route.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import * as service from './account.service.ts';
import * as switching from './account-switching.service.ts';
import { switchOptionsPage, switchOptionsPreview } from './switch-options.ts';
import { TFA_MINUTES } from './tfa.ts';

export interface SessionCookies {
  cookies: CookieSettings;
}

export interface AccountRouteDeps extends service.AccountDeps, SessionCookies {
  mail: Mailer;
}

/** Sets the cookies of a (re)issued session and answers its claims. */
export function sendIssuedSession(
  reply: FastifyReply,
  cookies: CookieSettings,
  issued: service.IssuedSession,
) {
  reply.header(CLAIMS_TAG_HEADER, claimsTag(issued.claims));
  if (issued.refreshToken) {
    setSessionCookies(reply, cookies, { accessToken: issued.accessToken, refreshToken: issued.refreshToken });
  } else {
    setAccessCookie(reply, cookies, issued.accessToken);
  }
  return { claims: issued.claims };
}

const TFA_COOKIE = 'xp_tfa';
const TFA_PATH = '/api/account';

export function accountRoutes(deps: AccountRouteDeps) {
  const answer = (reply: FastifyReply, issued: service.IssuedSession) =>
    sendIssuedSession(reply, deps.cookies, issued);

  /** The pending sign-in between password and mailed code; only the challenge id, never the code. */
  const setTfaCookie = (reply: FastifyReply, challengeId: string) =>
    reply.setCookie(TFA_COOKIE, challengeId, {
      httpOnly: true,
      secure: deps.cookies.secure,
      sameSite: 'lax',
      path: TFA_PATH,
      maxAge: TFA_MINUTES * 60,
    });

  const switched =
    <E extends (typeof endpoints)[keyof typeof endpoints]>(
      toTarget: (body: RequestContext<E>['body']) => Parameters<typeof switching.switchActive>[3],
    ) =>
    async (context: RequestContext<E>) =>
      answer(
        context.reply,
        await switching.switchActive(
          deps,
          context.session as never,
          context.sessionId,
          toTarget(context.body),
        ),
      );

  return [
    route(endpoints.cookieLogin, async ({ body, request, reply, actor }) => {
      const result = await service.login(deps, { ...body, address: request.ip }, actor);
      if (result.kind === 'tfa') {
        setTfaCookie(reply, result.challengeId);
        return { requiresTfa: true, claims: null };
      }
      return { requiresTfa: false, ...answer(reply, result.issued) };
    }),
    route(endpoints.cookieLoginTfa, async ({ body, request, reply, actor }) => {
      const challengeId = request.cookies[TFA_COOKIE];
      const issued = await service.loginWithTfa(deps, challengeId, body.tfaCode, request.ip, actor);
      reply.clearCookie(TFA_COOKIE, { path: TFA_PATH });
      return answer(reply, issued);
    }),
    route(endpoints.resendLoginTfa, async ({ request, reply }) => {
      setTfaCookie(reply, await service.resendLoginTfa(deps, request.cookies[TFA_COOKIE], request.ip));
      return null;
    }),
    route(endpoints.cookieRefresh, async ({ request, reply }) => {
      try {
        return answer(reply, await service.refresh(deps, request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        clearSessionCookies(reply, deps.cookies);
        throw error;
      }
    }),
    route(endpoints.restoreSession, async ({ request, reply }) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) return { claims: null };
      try {
        return answer(reply, await service.refresh(deps, presented));
      } catch {
        // Expired, revoked or reused: the visitor is simply not signed in.
        clearSessionCookies(reply, deps.cookies);
        return { claims: null };
      }
    }),
    route(endpoints.cookieLogout, async ({ sessionId, request, reply }) => {
      await service.logout(deps, sessionId, request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply, deps.cookies);
      return null;
    }),
    route(endpoints.switchOptions, async ({ session }) => switchOptionsPreview(deps.db, session)),
    route(endpoints.switchOptionsPage, async ({ session, params, query }) =>
      switchOptionsPage(deps.db, session, params.kind, query),
    ),
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
