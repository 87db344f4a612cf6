import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

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
  const key = Buffer.from(secret, 'utf8');
  /**
   * HS256 through node:crypto (fast-jwt): 6 µs of CPU a token, where jose's HMAC through WebCrypto took 62
   * (decision 012). Both check the signature, the algorithm, the issuer and the expiry.
   */
  const signToken = createSigner({
    key,
    algorithm: 'HS256',
    iss: ISSUER,
    expiresIn: accessTokenSeconds * 1000,
  });
  const verifyToken = createVerifier({ key, algorithms: ['HS256'], allowedIss: ISSUER });
  /**
   * Tokens whose signature and issuer were verified, with their session id and expiry: every request
   * carries the same token for up to `accessTokenSeconds`. A token's signature and issuer cannot change, so
   * only its expiry is checked again, each time, as the verifier does (expired once the clock reaches `exp`,
   * whole seconds). A token never seen (a forged one too) is verified; whether the session still lives is
   * read from the database on every request all the same (decision 002).
   */
  const verified = new Map<string, { sessionId: string; exp: number }>();
  return {
    sign: async (sessionId, userId) => signToken({ sub: String(userId), jti: sessionId }),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Math.floor(Date.now() / 1000) < known.exp) return { sessionId: known.sessionId };
        verified.delete(token);
        return 'expired';
      }
      try {
        const payload = verifyToken(token) as { jti?: unknown; exp?: unknown };
        if (typeof payload.jti !== 'string' || !UUID.test(payload.jti)) return 'invalid';
        if (typeof payload.exp === 'number') {
          // At `exp` itself a token is expired (RFC 7519 4.1.4); fast-jwt still takes it for that moment.
          if (Math.floor(Date.now() / 1000) >= payload.exp) return 'expired';
          if (verified.size >= kept) verified.delete(verified.keys().next().value!);
          verified.set(token, { sessionId: payload.jti, exp: payload.exp });
        }
        return { sessionId: payload.jti };
      } catch (error) {
        return error instanceof TokenError && error.code === TokenError.codes.expired ? 'expired' : 'invalid';
      }
    },
  };
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
