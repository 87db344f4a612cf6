import { z } from './zod-setup.ts';

/** Files are stored and served by the SHA-256 of their stored bytes: 64 lowercase hex characters. */
export const FILE_HASH_PATTERN = /^[0-9a-f]{64}$/;
export const fileHash = z.string().regex(FILE_HASH_PATTERN, 'files.errors.invalidHash');

/** The image types an upload may have (checked on the content, not on the name or the declared type). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
/** Largest image upload in bytes (`storeImage`'s default; the image field shows it). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** What storing a file answers, and what entities that refer to an image may return. */
export const storedFile = z.object({
  hash: fileHash,
  mimeType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** Where images are served: `GET /cdn/{hash}` (outside `/api`: it answers bytes, not the JSON envelope). */
export const CDN_PATH = '/cdn';
/** Thumbnails without a size are 64 x 64 (spec 000, section 9). */
export const THUMBNAIL_SIZE = 64;
export const CDN_DEFAULT_QUALITY = 90;

const dimension = z.coerce.number().int().min(1).max(4000);
/** Options of `GET /cdn/{hash}`: none serves the stored original. */
export const cdnOptions = z.object({
  w: dimension.optional(),
  h: dimension.optional(),
  /** crop: cover the box and cut the rest; contain: fit inside it; thumbnail: crop, 64 x 64 by default. */
  fit: z.enum(['crop', 'contain', 'thumbnail']).optional(),
  q: z.coerce.number().int().min(1).max(100).optional(),
});
export type CdnOptions = z.input<typeof cdnOptions>;

/** URL of a stored image, optionally resized: `cdnUrl(hash, { w: 200, h: 200, fit: 'crop' })`. */
export function cdnUrl(hash: string, options: CdnOptions = {}): string {
  const query = (['w', 'h', 'fit', 'q'] as const)
    .filter((key) => options[key] !== undefined && options[key] !== null && options[key] !== '')
    .map((key) => `${key}=${encodeURIComponent(String(options[key]))}`)
    .join('&');
  return `${CDN_PATH}/${encodeURIComponent(hash)}${query ? `?${query}` : ''}`;
}
