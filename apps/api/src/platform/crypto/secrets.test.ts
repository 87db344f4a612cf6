import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretsKey, SecretDecryptionError } from './secrets.ts';

const key = randomBytes(32);
const box = createSecretBox(key);
const apiKey = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

describe('secret box (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time and nothing of the plaintext in the stored value', () => {
    const first = box.encrypt(apiKey, 'location:1');
    const second = box.encrypt(apiKey, 'location:1');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('dHar4XY7');
    expect(box.decrypt(first, 'location:1')).toBe(apiKey);
    expect(box.decrypt(second, 'location:1')).toBe(apiKey);
    expect(box.decrypt(box.encrypt('', 'x'), 'x')).toBe('');
    expect(box.decrypt(box.encrypt('€ ünïcode'))).toBe('€ ünïcode');
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const stored = box.encrypt(apiKey, 'location:1');
    const [version, iv, tag, ciphertext] = stored.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(ciphertext)],
      [version, iv, flip(tag), ciphertext],
      [version, flip(iv), tag, ciphertext],
      ['v2', iv, tag, ciphertext],
      [version, iv, tag],
    ]) {
      expect(() => box.decrypt(tampered.join('.'), 'location:1')).toThrow(SecretDecryptionError);
    }
    expect(() => box.decrypt('not a secret')).toThrow(SecretDecryptionError);
  });

  it('does not decrypt with another key or in another context', () => {
    const stored = box.encrypt(apiKey, 'location:1');
    expect(() => createSecretBox(randomBytes(32)).decrypt(stored, 'location:1')).toThrow(
      SecretDecryptionError,
    );
    expect(() => box.decrypt(stored, 'location:2')).toThrow(SecretDecryptionError);
  });

  it('takes a 32-byte key in base64 or base64url, nothing else', () => {
    expect(parseSecretsKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseSecretsKey('')).toThrow(/32 bytes/);
    expect(() => createSecretBox(randomBytes(31))).toThrow(/32 bytes/);
  });
});
