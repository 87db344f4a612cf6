import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { endpoint, fileUpload, formBoolean, formJson, policy, storedFile } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { route } from '../http/route.ts';
import { createDiskFileStore } from './file-store.ts';
import { files } from './files.tables.ts';
import { type FilesDeps, storeImage } from './images.ts';

/** A form endpoint that exists only in this test's app: it drives the multipart plumbing end to end. */
const uploadEndpoint = endpoint({
  method: 'POST',
  path: '/test-only/upload',
  policy: policy.roles('Admin'),
  summary: 'Test upload',
  tags: ['test'],
  form: z.object({
    title: z.string().trim().min(1).max(20),
    isPublic: formBoolean,
    order: z.coerce.number().int().min(0),
    tags: formJson(z.array(z.string())).optional(),
    image: fileUpload,
    extra: fileUpload.optional(),
  }),
  response: z.object({
    title: z.string(),
    isPublic: z.boolean(),
    order: z.number(),
    tags: z.array(z.string()).nullable(),
    image: storedFile,
    extraName: z.string().nullable(),
  }),
});

let filesDeps: FilesDeps;
const uploadRoute = route(uploadEndpoint, async ({ form }) => ({
  title: form.title,
  isPublic: form.isPublic,
  order: form.order,
  tags: form.tags ?? null,
  image: await storeImage(filesDeps, form.image, { field: 'image' }),
  extraName: form.extra?.filename ?? null,
}));

let t: TestApp;
let admin: string;
let gym: string;
beforeAll(async () => {
  t = await createTestApp({}, { extraRoutes: [uploadRoute] });
  filesDeps = { db: t.db, store: createDiskFileStore(t.filesDir) };
  admin = await t.login('admin@example.com');
  gym = await t.login('gym@example.com');
});
afterAll(() => t.close());

const upload = (parts: Parameters<typeof multipart>[0], cookie = admin) => {
  const body = multipart(parts, cookie ? { cookie } : {});
  return t.app.inject({ method: 'POST', url: '/api/test-only/upload', ...body });
};
const fields = (overrides: Record<string, string> = {}) =>
  Object.entries({ title: 'Banner', isPublic: 'true', order: '3', ...overrides }).map(([name, value]) => ({
    name,
    value,
  }));
const imagePart = (data: Buffer, filename = 'banner.png', contentType = 'image/png') => ({
  name: 'image',
  filename,
  contentType,
  data,
});

/** Every file in the store directory, relative. */
function storedPaths(): string[] {
  if (!fs.existsSync(t.filesDir)) return [];
  return (fs.readdirSync(t.filesDir, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(t.filesDir, entry)).isFile(),
  );
}
const fileRows = () => t.db.select().from(files);

async function uploadImage(data: Buffer, filename = 'image.png', contentType = 'image/png') {
  const response = await upload([...fields(), imagePart(data, filename, contentType)]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.image as {
    hash: string;
    mimeType: string;
    byteSize: number;
    width: number;
    height: number;
  };
}

describe('multipart forms', () => {
  it('hands the handler one validated object: strings coerced, booleans, JSON, files', async () => {
    const png = await testImage('png');
    const response = await upload([
      ...fields({ title: '  Zomer  ', isPublic: 'false', order: '7' }),
      { name: 'tags', value: JSON.stringify(['a', 'b']) },
      imagePart(png),
      { name: 'extra', filename: 'notes.txt', contentType: 'text/plain', data: 'hello' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      title: 'Zomer',
      isPublic: false,
      order: 7,
      tags: ['a', 'b'],
      extraName: 'notes.txt',
    });
    expect(data.image).toMatchObject({ mimeType: 'image/png', width: 300, height: 200 });
  });

  it('treats an empty file input as absent and names every bad field', async () => {
    const response = await upload([
      ...fields({ title: '', isPublic: 'yes', order: '-1' }),
      { name: 'image', filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { key: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { key: 'title', message: 'validation.required' },
        { key: 'isPublic', message: 'validation.invalidType' },
        { key: 'order', message: 'validation.tooSmall' },
        { key: 'image', message: 'validation.required' },
      ]),
    );
  });

  it('refuses a text part where a file belongs', async () => {
    const response = await upload([...fields(), { name: 'image', value: 'not a file' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ key: 'image', message: 'files.errors.notAFile' }]);
  });

  it('checks access before reading the body', async () => {
    const png = await testImage('png');
    const anonymous = await upload([...fields(), imagePart(png)], '');
    expect(anonymous.statusCode).toBe(401);
    const wrongRole = await upload([...fields(), imagePart(png)], gym);
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().errors).toEqual([{ key: 'general', message: 'auth.forbidden' }]);
  });

  it('answers JSON or another content type on a form endpoint with 415', async () => {
    for (const [contentType, payload] of [
      ['application/json', JSON.stringify({ title: 'x' })],
      ['application/x-www-form-urlencoded', 'title=x'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-only/upload',
        headers: { cookie: admin, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().errors).toEqual([
        { key: 'general', message: 'validation.unsupportedMediaType' },
      ]);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/upload',
      headers: { cookie: admin },
    });
    expect(empty.statusCode).toBe(415);
  });

  it('answers multipart on a JSON endpoint with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/LocationArea',
      ...multipart([{ name: 'name', value: 'Zaal' }], { cookie: admin }),
    });
    expect(response.statusCode).toBe(415);
  });

  it('answers a malformed multipart body with 400, not 500', async () => {
    const good = multipart([...fields(), imagePart(await testImage('png'))], { cookie: admin });
    const truncated = good.payload.subarray(0, good.payload.length - 40);
    for (const payload of [truncated, Buffer.from('garbage without any boundary')]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-only/upload',
        headers: good.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/upload',
      headers: { cookie: admin, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const proto = await upload([{ name: '__proto__', value: 'x' }, ...fields()]);
    expect(proto.statusCode).toBe(400);
  });

  it('answers a file over the 10 MB part limit with 413 on its field, and too many files with 413', async () => {
    const before = storedPaths().length;
    const huge = await upload([...fields(), imagePart(Buffer.alloc(10 * 1024 * 1024 + 1, 1))]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors).toEqual([{ key: 'image', message: 'files.errors.tooLarge' }]);
    const many = await upload([
      ...fields(),
      ...Array.from({ length: 6 }, () => ({ name: 'image', filename: 'a.png', data: 'x' })),
    ]);
    expect(many.statusCode).toBe(413);
    expect(storedPaths().length).toBe(before);
  });
});

describe('storeImage', () => {
  it('stores a png as png, re-encoded, by the SHA-256 of the stored bytes', async () => {
    const image = await uploadImage(await testImage('png', { width: 120, height: 80 }));
    expect(image).toMatchObject({ mimeType: 'image/png', width: 120, height: 80 });
    expect(image.hash).toMatch(/^[0-9a-f]{64}$/);
    const bytes = await filesDeps.store.get(image.hash);
    expect(bytes).not.toBeNull();
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes!).digest('hex')).toBe(image.hash);
    expect(image.byteSize).toBe(bytes!.length);
    const [row] = await t.db.select().from(files).where(eq(files.hash, image.hash));
    expect(row).toMatchObject({ mimeType: 'image/png', byteSize: bytes!.length, width: 120, height: 80 });
    expect((await sharp(bytes!).metadata()).format).toBe('png');
  });

  it('turns a jpeg upright by its EXIF orientation and drops every bit of metadata', async () => {
    const original = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6, density: 300 })
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Make: 'PhoneCo' } })
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const image = await uploadImage(original, 'photo.jpg', 'image/jpeg');
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 200, height: 300 });
    const stored = await filesDeps.store.get(image.hash);
    const after = await sharp(stored!).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored!.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
  });

  it('keeps webp as webp and scales huge images down to 4000 px on the long side', async () => {
    const webp = await uploadImage(await testImage('webp'), 'x.webp', 'image/webp');
    expect(webp.mimeType).toBe('image/webp');
    const big = await uploadImage(
      await testImage('jpeg', { width: 5000, height: 1000 }),
      'big.jpg',
      'image/jpeg',
    );
    expect([big.width, big.height]).toEqual([4000, 800]);
  });

  it('stores the same image once, whatever its name', async () => {
    const png = await testImage('png', { width: 50, height: 50, color: { r: 1, g: 2, b: 3 } });
    const first = await uploadImage(png, 'a.png');
    const filesAfterFirst = storedPaths().length;
    const rowsAfterFirst = (await fileRows()).length;
    const second = await uploadImage(png, 'b.png');
    expect(second.hash).toBe(first.hash);
    expect(storedPaths().length).toBe(filesAfterFirst);
    expect((await fileRows()).length).toBe(rowsAfterFirst);
  });

  it('refuses what is not a png, jpeg or webp by its content, and stores nothing', async () => {
    const filesBefore = storedPaths().length;
    const rowsBefore = (await fileRows()).length;
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const png = await testImage('png');
    for (const data of [
      Buffer.from('Dit is gewoon tekst, geen plaatje.'),
      Buffer.from(svg),
      gif,
      png.subarray(0, 60), // a png header without its pixels
    ]) {
      const response = await upload([...fields(), imagePart(data, 'renamed.png', 'image/png')]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ key: 'image', message: 'files.errors.notAnImage' }]);
    }
    expect(storedPaths().length).toBe(filesBefore);
    expect((await fileRows()).length).toBe(rowsBefore);
  });

  it('refuses an upload over 5 MB and an absurd pixel count with files.errors.tooLarge', async () => {
    const filesBefore = storedPaths().length;
    const large = await upload([...fields(), imagePart(Buffer.alloc(5 * 1024 * 1024 + 1, 7))]);
    expect(large.statusCode).toBe(413);
    expect(large.json().errors).toEqual([{ key: 'image', message: 'files.errors.tooLarge' }]);
    // A small png whose header claims 10000 x 6000 pixels (a decompression bomb is refused before decoding).
    const bomb = Buffer.from(await testImage('png', { width: 10, height: 10 }));
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(6_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    const response = await upload([...fields(), imagePart(bomb)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual([{ key: 'image', message: 'files.errors.tooLarge' }]);
    expect(storedPaths().length).toBe(filesBefore);
  });
});

describe('GET /cdn/{hash}', () => {
  let png: { hash: string; byteSize: number };
  let jpeg: { hash: string; byteSize: number };
  beforeAll(async () => {
    png = await uploadImage(
      await testImage('png', { width: 400, height: 200, color: { r: 9, g: 99, b: 199 } }),
    );
    jpeg = await uploadImage(await testImage('jpeg', { width: 800, height: 600 }), 'p.jpg', 'image/jpeg');
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const size = async (body: Buffer) => {
    const metadata = await sharp(body).metadata();
    return [metadata.width, metadata.height];
  };

  it('serves the original with its type, immutable caching and a strong ETag, to anyone', async () => {
    const response = await get(`/cdn/${png.hash}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${png.hash}"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload).toEqual(await filesDeps.store.get(png.hash));
    expect(response.rawPayload.length).toBe(png.byteSize);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(`/cdn/${jpeg.hash}?w=100`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}\..+"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(`/cdn/${jpeg.hash}?w=100`, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const other = await get(`/cdn/${jpeg.hash}?w=100`, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('resizes: contain fits inside, crop fills the box, never enlarges', async () => {
    expect(await size((await get(`/cdn/${jpeg.hash}?w=200`)).rawPayload)).toEqual([200, 150]);
    expect(await size((await get(`/cdn/${jpeg.hash}?h=60`)).rawPayload)).toEqual([80, 60]);
    expect(await size((await get(`/cdn/${jpeg.hash}?w=200&h=200&fit=contain`)).rawPayload)).toEqual([
      200, 150,
    ]);
    expect(await size((await get(`/cdn/${jpeg.hash}?w=200&h=100&fit=crop`)).rawPayload)).toEqual([200, 100]);
    expect(await size((await get(`/cdn/${jpeg.hash}?w=2000`)).rawPayload)).toEqual([800, 600]);
    const pngVariant = await get(`/cdn/${png.hash}?w=100`);
    expect(pngVariant.headers['content-type']).toBe('image/png');
    expect(await size(pngVariant.rawPayload)).toEqual([100, 50]);
  });

  it('makes 64 x 64 thumbnails by default, other sizes on request', async () => {
    const thumbnail = await get(`/cdn/${jpeg.hash}?fit=thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(await size(thumbnail.rawPayload)).toEqual([64, 64]);
    expect(await size((await get(`/cdn/${jpeg.hash}?fit=thumbnail&w=32`)).rawPayload)).toEqual([32, 32]);
    expect(await size((await get(`/cdn/${png.hash}?fit=thumbnail&w=40&h=20`)).rawPayload)).toEqual([40, 20]);
  });

  it('applies the quality and caches each variant once in the store', async () => {
    const low = await get(`/cdn/${jpeg.hash}?w=400&q=10`);
    const high = await get(`/cdn/${jpeg.hash}?w=400&q=100`);
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
    const key = (low.headers.etag as string).slice(1, -1);
    expect(await filesDeps.store.has(key)).toBe(true);
    const filesBefore = storedPaths().length;
    const again = await get(`/cdn/${jpeg.hash}?q=10&w=400`);
    expect(again.rawPayload).toEqual(low.rawPayload);
    expect(again.headers.etag).toBe(low.headers.etag);
    expect(storedPaths().length).toBe(filesBefore);
  });

  it('answers 404 for an unknown hash and 400 for a malformed hash or option', async () => {
    const unknown = await get(`/cdn/${'a'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      ok: false,
      data: null,
      errors: [{ key: 'general', message: 'errors.notFound' }],
    });
    for (const url of [
      '/cdn/not-a-hash',
      `/cdn/${png.hash.toUpperCase()}`,
      `/cdn/${png.hash}x`,
      '/cdn/..%2F..%2Fetc%2Fpasswd',
      `/cdn/${png.hash}?w=0`,
      `/cdn/${png.hash}?w=4001`,
      `/cdn/${png.hash}?h=abc`,
      `/cdn/${png.hash}?w=1.5`,
      `/cdn/${png.hash}?fit=stretch`,
      `/cdn/${png.hash}?q=0`,
      `/cdn/${png.hash}?q=101`,
      `/cdn/${png.hash}?w=10&w=20`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().ok, url).toBe(false);
      expect(response.json().errors[0].message, url).toMatch(/^[\w.]+$/);
    }
  });

  it('is declared public in the route table', () => {
    const cdn = t.routes.filter((entry) => entry.url === '/cdn/:hash');
    expect(cdn.length).toBeGreaterThan(0);
    for (const entry of cdn) expect(entry.config?.policy).toEqual({ kind: 'public' });
  });
});
