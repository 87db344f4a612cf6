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

/** How many verified tokens a signer remembers (about 250 bytes each); the oldest go first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(
  secret: string,
  accessTokenSeconds: number,
  kept = VERIFIED_TOKENS_KEPT,
): TokenSigner {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens whose signature and issuer were verified, with their session id and expiry: every request
   * carries the same token for up to `accessTokenSeconds`, and jose's HMAC through WebCrypto costs a few
   * hundred microseconds a request. A token's signature and issuer cannot change, so only its expiry is
   * checked again, each time, the way jose does (expired once the clock's whole second reaches `exp`). A
   * token never seen (a forged one too) is verified by jose; whether the session still lives is read from
   * the database on every request all the same (decision 002).
   */
  const verified = new Map<string, { sessionId: string; exp: number }>();
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
      const known = verified.get(token);
      if (known) {
        if (Math.floor(Date.now() / 1000) < known.exp) return { sessionId: known.sessionId };
        verified.delete(token);
        return 'expired';
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (!payload.jti || !UUID.test(payload.jti)) return 'invalid';
        if (typeof payload.exp === 'number') {
          if (verified.size >= kept) verified.delete(verified.keys().next().value!);
          verified.set(token, { sessionId: payload.jti, exp: payload.exp });
        }
        return { sessionId: payload.jti };
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
