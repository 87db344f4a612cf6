import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'xp-backoffice';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The access token names the session and nothing more: the claims live with the session in the database and
 * are read on every request (decision 002), so the cookie stays small whatever the number of rights.
 */
export interface TokenSigner {
  sign(sessionId: string, userId: number): Promise<string>;
  /** The session id, 'expired', or 'invalid'. */
  verify(token: string): Promise<{ sessionId: string } | 'expired' | 'invalid'>;
}

export function createTokenSigner(secret: string, accessTokenSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (sessionId, userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(String(userId))
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(`${accessTokenSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (!payload.jti || !UUID.test(payload.jti)) return 'invalid';
        return { sessionId: payload.jti };
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
