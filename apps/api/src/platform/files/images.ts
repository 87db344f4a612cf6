import { createHash } from 'node:crypto';
import type { ImageMimeType, StoredFile, UploadedFile } from '@xp/contracts';
import { MAX_IMAGE_BYTES } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Database } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import type { FileStore } from './file-store.ts';
import { files } from './files.tables.ts';

/** What storing files needs; modules that take uploads get this as their `files` dependency. */
export interface FilesDeps {
  db: Database;
  store: FileStore;
}

/** No image wider or taller than this is kept; larger ones are scaled down. */
export const MAX_STORED_SIDE = 4000;
/** Images with more pixels than this are refused before they are decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
const QUALITY = 90;

const FORMATS: Record<string, ImageMimeType> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** Options every decode of an untrusted image uses. */
export const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

export interface StoreImageOptions {
  /** The form field the upload came in, for the error key. */
  field: string;
  /** Largest upload in bytes; default 5 MB. */
  maxBytes?: number;
}

const fieldError = (status: number, field: string, message: string) =>
  new AppError(status, [{ key: field, message }]);

/**
 * Checks that an upload really is a PNG, JPEG or WebP image (by its content, not its name or declared
 * type), re-encodes it (turned upright by its EXIF orientation, every bit of metadata dropped, at most
 * 4000 px on its long side; PNG stays PNG, JPEG and WebP are re-encoded at quality 90) and stores it by the
 * SHA-256 of the result, once: the same image uploaded twice is one file.
 * Refuses with a field error: `files.errors.tooLarge` (413) or `files.errors.notAnImage` (400).
 */
export async function storeImage(
  deps: FilesDeps,
  upload: UploadedFile,
  { field, maxBytes = MAX_IMAGE_BYTES }: StoreImageOptions,
): Promise<StoredFile> {
  if (upload.data.byteLength > maxBytes) throw fieldError(413, field, 'files.errors.tooLarge');
  const input = Buffer.from(upload.data.buffer, upload.data.byteOffset, upload.data.byteLength);

  let format: ImageMimeType | undefined;
  try {
    // Reads the header only; the pixel count is checked here so that it is reported as too large.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = FORMATS[metadata.format];
    if (format && (metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS)
      throw fieldError(413, field, 'files.errors.tooLarge');
  } catch (error) {
    if (error instanceof AppError) throw error;
    format = undefined;
  }
  if (!format) throw fieldError(400, field, 'files.errors.notAnImage');

  let output: { data: Buffer; info: OutputInfo };
  try {
    let pipeline = sharp(input, SHARP_INPUT)
      .autoOrient()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    pipeline =
      format === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'image/webp'
          ? pipeline.webp({ quality: QUALITY })
          : pipeline.jpeg({ quality: QUALITY, mozjpeg: true });
    // sharp writes no metadata (EXIF, XMP, ICC, comments) unless asked to keep it.
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    // Valid header, broken pixel data.
    throw fieldError(400, field, 'files.errors.notAnImage');
  }

  return saveFile(deps, output.data, {
    mimeType: format,
    width: output.info.width,
    height: output.info.height,
  });
}

/** Stores bytes that were already checked, by their SHA-256, once; answers the `files` row. */
export async function saveFile(
  deps: FilesDeps,
  bytes: Buffer,
  meta: { mimeType: string; width: number | null; height: number | null },
): Promise<StoredFile> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (!(await deps.store.has(hash))) await deps.store.put(hash, bytes);
  const row: StoredFile = { hash, byteSize: bytes.length, ...meta };
  await deps.db.insert(files).values(row).onConflictDoNothing({ target: files.hash });
  return row;
}

/** The `files` row of a hash, or null. */
export async function findFile(db: Database, hash: string): Promise<StoredFile | null> {
  const [row] = await db
    .select({
      hash: files.hash,
      mimeType: files.mimeType,
      byteSize: files.byteSize,
      width: files.width,
      height: files.height,
    })
    .from(files)
    .where(eq(files.hash, hash))
    .limit(1);
  return row ?? null;
}
