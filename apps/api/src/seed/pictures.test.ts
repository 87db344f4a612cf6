import { Theme } from '@xp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskFileStore } from '../platform/files/file-store.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { demoAccounts } from './demo.ts';
import { seedPictures } from './pictures.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedPictures(t.db, { db: t.db, store: createDiskFileStore(t.filesDir) });
  cookie = await t.login(demoAccounts.admin);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('demo pictures', () => {
  it('puts two active pictures of each theme in the picture bank, served as images', async () => {
    const response = await get('/api/PictureBankItem/all?pageSize=100');
    const { items } = response.json().data as { items: { category: number; pictureHash: string }[] };
    for (const theme of Object.values(Theme)) {
      expect(items.filter((item) => item.category === theme)).toHaveLength(2);
    }
    const image = await get(`/cdn/${items[0]!.pictureHash}?w=64&h=64`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/png/);
  });

  it('gives every demo template a banner of its own theme', async () => {
    // The list's rows hold their columns only: each template whole, by its id.
    const rows = (await get('/api/challengeTemplate?pageSize=100')).json().data.items as { id: number }[];
    const templates: {
      theme: number;
      challengeBannerHash: string | null;
      pictureBankItemId: number | null;
    }[] = [];
    for (const row of rows) templates.push((await get(`/api/challengeTemplate/${row.id}`)).json().data);
    const pictures = (await get('/api/PictureBankItem/all?pageSize=100')).json().data.items as {
      id: number;
      category: number;
      pictureHash: string;
    }[];
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      const picture = pictures.find((item) => item.id === template.pictureBankItemId);
      expect(picture?.category).toBe(template.theme);
      expect(template.challengeBannerHash).toBe(picture?.pictureHash);
    }
  });
});
