import { CDN_DEFAULT_QUALITY, CDN_PATH, cdnOptions, fileHash, policy, THUMBNAIL_SIZE } from '@xp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { fieldKey } from '../http/envelope.ts';
import { AppError, errors, GENERAL_KEY } from '../http/errors.ts';
import { type FilesDeps, findFile, SHARP_INPUT } from './images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Variant {
  /** Store key of the variant, also its ETag. */
  key: string;
  width: number | undefined;
  height: number | undefined;
  fit: 'cover' | 'inside';
  quality: number;
}

/**
 * The variant asked for, normalised so that equal requests share one cached file; null for the original.
 * thumbnail: cropped to w x h, 64 x 64 unless given; crop: cropped to w x h; contain (the default when a
 * size is given): fitted inside w x h. Images are never enlarged.
 */
function variantOf(hash: string, query: unknown): Variant | null {
  const parsed = cdnOptions.safeParse(query);
  if (!parsed.success) {
    throw new AppError(
      400,
      parsed.error.issues.map((issue) => ({
        key: fieldKey(issue.path.join('/')) || GENERAL_KEY,
        message: issue.message.includes('.') ? issue.message : 'validation.invalid',
      })),
    );
  }
  const { w, h, fit, q } = parsed.data;
  if (w === undefined && h === undefined && fit === undefined && q === undefined) return null;
  const isThumbnail = fit === 'thumbnail';
  const width = isThumbnail ? (w ?? h ?? THUMBNAIL_SIZE) : w;
  const height = isThumbnail ? (h ?? w ?? THUMBNAIL_SIZE) : h;
  const sharpFit = isThumbnail || fit === 'crop' ? 'cover' : 'inside';
  const quality = q ?? CDN_DEFAULT_QUALITY;
  const key = `${hash}.${width ?? 0}x${height ?? 0}.${sharpFit}.q${quality}`;
  return { key, width, height, fit: sharpFit, quality };
}

async function render(original: Buffer, mimeType: string, variant: Variant): Promise<Buffer> {
  let pipeline = sharp(original, SHARP_INPUT);
  if (variant.width !== undefined || variant.height !== undefined) {
    pipeline = pipeline.resize({
      width: variant.width,
      height: variant.height,
      fit: variant.fit,
      position: 'centre',
      withoutEnlargement: true,
    });
  }
  if (mimeType === 'image/png') return pipeline.png({ compressionLevel: 9 }).toBuffer();
  if (mimeType === 'image/webp') return pipeline.webp({ quality: variant.quality }).toBuffer();
  return pipeline.jpeg({ quality: variant.quality, mozjpeg: true }).toBuffer();
}

/** Whether `If-None-Match` names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * `GET /cdn/{hash}`: the images of the file store, original or resized (spec 000 section 7, "CDN").
 * Not a contract endpoint: it answers bytes, not the JSON envelope, and is used as an `<img src>` through
 * `cdnUrl()` of the contracts. Public (file hashes are unguessable), immutable, cached by a CDN in front.
 * Errors do answer the envelope: 400 for a malformed hash or option, 404 for an unknown hash.
 */
export function cdnRoutes(deps: FilesDeps) {
  return (app: FastifyInstance) => {
    app.get(
      `${CDN_PATH}/:hash`,
      { config: { policy: policy.public }, schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { hash: rawHash } = request.params as { hash: string };
        const hash = fileHash.safeParse(rawHash);
        if (!hash.success) throw errors.field('hash', 'files.errors.invalidHash');
        const variant = variantOf(hash.data, request.query);
        const file = await findFile(deps.db, hash.data);
        if (!file) throw errors.notFound();

        const key = variant?.key ?? file.hash;
        const etag = `"${key}"`;
        reply
          .header('Cache-Control', IMMUTABLE)
          .header('ETag', etag)
          .header('X-Content-Type-Options', 'nosniff');
        if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();

        let bytes = await deps.store.get(key);
        if (!bytes && variant) {
          const original = await deps.store.get(file.hash);
          if (!original) throw errors.notFound();
          bytes = await render(original, file.mimeType, variant);
          await deps.store.put(key, bytes);
        }
        if (!bytes) throw errors.notFound();
        return reply.type(file.mimeType).send(bytes);
      },
    );
  };
}
