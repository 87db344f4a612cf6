import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer | string };

/**
 * A multipart/form-data body for `app.inject`: `t.app.inject({ method, url, ...multipart([...]) })`.
 * Text parts `{ name, value }`, file parts `{ name, filename, contentType?, data }`.
 */
export function multipart(parts: MultipartPart[], extraHeaders: Record<string, string> = {}) {
  const boundary = `----xp-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...extraHeaders },
  };
}

/** A real image made with sharp: a colour gradient-ish block, `width` x `height`, as png, jpeg or webp. */
export async function testImage(
  format: 'png' | 'jpeg' | 'webp',
  { width = 300, height = 200, color = { r: 200, g: 30, b: 90 } } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'jpeg'
      ? image.jpeg().toBuffer()
      : image.webp().toBuffer();
}
