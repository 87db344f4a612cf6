import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens.ts';

/** Every signature check of the verifiers fast-jwt makes. */
const signatureChecks = vi.hoisted(() => vi.fn());
vi.mock('fast-jwt', async (importOriginal) => {
  const original = await importOriginal<typeof import('fast-jwt')>();
  return {
    ...original,
    createVerifier: ((options: Parameters<typeof original.createVerifier>[0]) => {
      const verify = original.createVerifier(options) as (token: string) => unknown;
      return (token: string) => {
        signatureChecks(token);
        return verify(token);
      };
    }) as typeof original.createVerifier,
  };
});

const SECRET = 'a-session-secret-of-enough-length-for-hs256';

/** A token with its signature's last characters changed (still base64url). */
const tampered = (token: string) => {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
};

describe('access tokens: verified once, expiry checked on every use', () => {
  afterEach(() => {
    vi.useRealTimers();
    signatureChecks.mockClear();
  });

  it('answers the session id of a valid token, the first time and again', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const sessionId = randomUUID();
    const token = await signer.sign(sessionId, 7);
    expect(await signer.verify(token)).toEqual({ sessionId });
    expect(await signer.verify(token)).toEqual({ sessionId });
    // Its signature was checked once.
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });

  it('answers expired once the token expires, though it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
    const signer = createTokenSigner(SECRET, 60);
    const sessionId = randomUUID();
    const token = await signer.sign(sessionId, 7);
    expect(await signer.verify(token)).toEqual({ sessionId });
    vi.setSystemTime(new Date('2026-11-24T10:00:59.999Z'));
    expect(await signer.verify(token)).toEqual({ sessionId });
    vi.setSystemTime(new Date('2026-11-24T10:01:00.000Z'));
    expect(await signer.verify(token)).toBe('expired');
    expect(await signer.verify(token)).toBe('expired');
  });

  it('refuses a changed signature, another secret and garbage, also after the genuine token was verified', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const token = await signer.sign(randomUUID(), 7);
    expect(await signer.verify(token)).not.toBe('invalid');
    expect(await signer.verify(tampered(token))).toBe('invalid');
    const other = createTokenSigner(`${SECRET}-other`, 60);
    expect(await other.verify(token)).toBe('invalid');
    expect(await signer.verify(await other.sign(randomUUID(), 7))).toBe('invalid');
    expect(await signer.verify('not.a.token')).toBe('invalid');
  });

  it('keeps a bounded number of tokens, and checks the signature of one it let go again', async () => {
    const signer = createTokenSigner(SECRET, 60, 2);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const tokens = await Promise.all(ids.map((id, index) => signer.sign(id, index)));
    for (const token of tokens) await signer.verify(token);
    expect(signatureChecks).toHaveBeenCalledTimes(3);
    // The last two are kept; the first was let go and is checked (and kept) again.
    expect(await signer.verify(tokens[2]!)).toEqual({ sessionId: ids[2] });
    expect(signatureChecks).toHaveBeenCalledTimes(3);
    expect(await signer.verify(tokens[0]!)).toEqual({ sessionId: ids[0] });
    expect(signatureChecks).toHaveBeenCalledTimes(4);
    expect(await signer.verify(tampered(tokens[0]!))).toBe('invalid');
  });
});
