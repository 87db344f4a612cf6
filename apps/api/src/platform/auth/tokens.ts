import { createHash, randomBytes } from 'node:crypto';
import { type Claims, claimsSchema } from '@xp/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'xp-backoffice';

export interface TokenSigner {
  sign(claims: Claims, sessionId: string): Promise<string>;
  /** The claims, 'expired', or 'invalid'. */
  verify(token: string): Promise<{ claims: Claims; sessionId: string } | 'expired' | 'invalid'>;
}

export function createTokenSigner(secret: string, accessTokenSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, sessionId) =>
      new SignJWT({ claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(String(claims.userId))
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(`${accessTokenSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const claims = claimsSchema.safeParse(payload.claims);
        if (!claims.success || !payload.jti) return 'invalid';
        return { claims: claims.data, sessionId: payload.jti };
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
