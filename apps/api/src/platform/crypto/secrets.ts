import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (payment provider API keys): AES-256-GCM with a 32-byte key from the configuration
 * (`SECRETS_KEY`). A stored value reads `v1.<iv>.<tag>.<ciphertext>` (base64url); the optional context
 * (e.g. the row it belongs to) is authenticated too, so a value copied to another row does not decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
export const SECRETS_KEY_BYTES = 32;

export class SecretDecryptionError extends Error {
  constructor() {
    super('secret cannot be decrypted (tampered, or another key)');
    this.name = 'SecretDecryptionError';
  }
}

/** The key from its base64 (or base64url) text; throws unless it is exactly 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  // Node's base64 decoder takes the base64url alphabet as well.
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== SECRETS_KEY_BYTES) throw new Error('SECRETS_KEY must be 32 bytes, base64 encoded');
  return key;
}

export interface SecretBox {
  encrypt(plaintext: string, context?: string): string;
  decrypt(stored: string, context?: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRETS_KEY_BYTES) throw new Error('secrets key must be 32 bytes');
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored, context = '') {
      const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new SecretDecryptionError();
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretDecryptionError();
      }
    },
  };
}
