import type { FastifyReply } from 'fastify';

export const ACCESS_COOKIE = 'xp_access';
export const REFRESH_COOKIE = 'xp_refresh';
/** The refresh token is only ever sent to the account endpoints. */
const REFRESH_PATH = '/api/account';

export interface CookieSettings {
  secure: boolean;
  accessTokenSeconds: number;
  refreshTokenDays: number;
}

export function setSessionCookies(
  reply: FastifyReply,
  settings: CookieSettings,
  tokens: { accessToken: string; refreshToken: string },
) {
  const base = { httpOnly: true, secure: settings.secure, sameSite: 'lax' as const };
  // The access cookie outlives its token a little so that an expired token is seen (and refreshed)
  // rather than silently missing.
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...base,
    path: '/',
    maxAge: settings.refreshTokenDays * 86_400,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base,
    path: REFRESH_PATH,
    maxAge: settings.refreshTokenDays * 86_400,
  });
}

/** Renews only the access cookie (switching: the context lives in the session row). */
export function setAccessCookie(reply: FastifyReply, settings: CookieSettings, accessToken: string) {
  reply.setCookie(ACCESS_COOKIE, accessToken, {
    httpOnly: true,
    secure: settings.secure,
    sameSite: 'lax',
    path: '/',
    maxAge: settings.refreshTokenDays * 86_400,
  });
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings) {
  const base = { httpOnly: true, secure: settings.secure, sameSite: 'lax' as const };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_PATH });
}
