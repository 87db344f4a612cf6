import { endpoint, fileUpload, formBoolean, policy } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, toFormData } from './api-client';
import { cdnUrl } from './cdn';

const uploadEndpoint = endpoint({
  method: 'PUT',
  path: '/Things/{id}/picture',
  policy: policy.signedIn,
  summary: 'test',
  tags: ['test'],
  params: z.object({ id: z.coerce.number() }),
  form: z.object({
    name: z.string(),
    isActive: formBoolean,
    order: z.coerce.number(),
    note: z.string().optional(),
    picture: fileUpload.nullable(),
  }),
  response: z.object({ hash: z.string() }),
});

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Handler>>;
beforeEach(() => {
  fetchMock = vi.fn<Handler>(
    () =>
      new Response(JSON.stringify({ ok: true, data: { hash: 'abc' }, errors: [] }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('form endpoints', () => {
  it('send FormData: files as file parts, booleans and numbers as text, nothing for null or undefined', async () => {
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });
    const data = await call(uploadEndpoint, {
      params: { id: 4 },
      form: { name: 'Zomer', isActive: false, order: 3, note: undefined, picture },
    });
    expect(data).toEqual({ hash: 'abc' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/Things/4/picture');
    expect(init.method).toBe('PUT');
    // No Content-Type by hand: the browser adds the multipart boundary.
    expect(init.headers).not.toHaveProperty('Content-Type');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['name', 'isActive', 'order', 'picture']);
    expect(body.get('name')).toBe('Zomer');
    expect(body.get('isActive')).toBe('false');
    expect(body.get('order')).toBe('3');
    const file = body.get('picture') as File;
    expect(file.name).toBe('banner.png');
    expect(file.type).toBe('image/png');
    expect(file.size).toBe(4);
  });

  it('leaves out a null file (the server reads that as absent)', async () => {
    await call(uploadEndpoint, {
      params: { id: 1 },
      form: { name: 'x', isActive: true, order: 0, picture: null },
    });
    const body = fetchMock.mock.calls[0]![1].body as FormData;
    expect(body.has('picture')).toBe(false);
    expect(body.get('isActive')).toBe('true');
  });

  it('toFormData: several files one part each, other arrays and objects as JSON, dates as ISO', () => {
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    const data = toFormData({
      images: [a, b],
      tags: ['x', 'y'],
      address: { city: 'Utrecht' },
      at: new Date('2026-01-02T03:04:05Z'),
      empty: '',
    });
    expect(data.getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    expect(data.get('tags')).toBe('["x","y"]');
    expect(data.get('address')).toBe('{"city":"Utrecht"}');
    expect(data.get('at')).toBe('2026-01-02T03:04:05.000Z');
    expect(data.get('empty')).toBe('');
  });

  it('the form schema accepts a File in the browser, so forms can use it', () => {
    const picture = new File(['x'], 'p.png', { type: 'image/png' });
    expect(uploadEndpoint.form.safeParse({ name: 'a', isActive: 'true', order: '1', picture }).success).toBe(
      true,
    );
    const notAFile = uploadEndpoint.form.safeParse({ name: 'a', isActive: true, order: 1, picture: 'x' });
    expect(notAFile.error?.issues[0]?.message).toBe('files.errors.notAFile');
  });
});

describe('cdnUrl', () => {
  it('builds image URLs with only the options given', () => {
    const hash = 'a'.repeat(64);
    expect(cdnUrl(hash)).toBe(`/cdn/${hash}`);
    expect(cdnUrl(hash, { w: 200, h: 100, fit: 'crop', q: 80 })).toBe(
      `/cdn/${hash}?w=200&h=100&fit=crop&q=80`,
    );
    expect(cdnUrl(hash, { fit: 'thumbnail' })).toBe(`/cdn/${hash}?fit=thumbnail`);
  });
});
