/**
 * Image URLs of the file store: `cdnUrl(hash)` for the original, `cdnUrl(hash, { w, h, fit, q })` for a
 * resized copy (`fit: 'thumbnail'` is 64 x 64 unless sized). Defined once in the contracts, next to the
 * server's option schema.
 */
export { type CdnOptions, cdnUrl, THUMBNAIL_SIZE } from '@xp/contracts';
