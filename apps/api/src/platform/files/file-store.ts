import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live, by key. Keys are SHA-256 hashes of stored files, or derived keys of image
 * variants (`<hash>.<variant>`); both are made of `[0-9a-z._-]` only. Writes are atomic and idempotent: the
 * same key always holds the same bytes, so a second `put` of a key may be skipped.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[0-9a-z][0-9a-z._-]{7,199}$/;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid file store key: ${key}`);
  return key;
}

/**
 * The embedded store: files under `dir`, sharded by the first two pairs of characters of the key
 * (`ab/cd/abcd...`) so no directory grows too large. A write goes to a temporary file that is renamed
 * into place, so a reader never sees half a file, also with several instances on one shared volume.
 */
export function createDiskFileStore(dir: string): FileStore {
  const pathOf = (key: string) => {
    checkKey(key);
    return path.join(dir, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(temporary, bytes, { flag: 'wx' });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await fs.access(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
