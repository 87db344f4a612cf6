import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { createMailboxTransport } from '../../platform/mail/transport.ts';
import { createMailWorker } from '../../platform/mail/worker.ts';
import { contractEndpoints } from '../../test/contract-walk.ts';
import { demoSignIn, expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
/** The admin's session: the development tools are an admin's (decision 015). */
let admin = '';
const ids: number[] = [];
const signIn = demoSignIn(() => t, 58);
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn('admin@example.com');
  await t.db.delete(mailOutbox);
  const mails = [
    { to: 'eerste@example.com', code: '111111' },
    { to: 'Tweede@Example.com', code: '222222' },
    { to: 'eerste@example.com', code: '333333' },
  ];
  for (const mail of mails) {
    const language = mail.code === '222222' ? 'en' : 'nl';
    const { id } = await enqueueMail(t.db, {
      to: mail.to,
      language,
      template: 'tfaCode',
      data: { code: mail.code, minutes: 10 },
    });
    ids.push(id);
  }
});
afterAll(() => t.close());

const mailbox = (query = '', app = t.app, cookie = admin) =>
  app.inject({ method: 'GET', url: `/api/dev/mailbox${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/dev/mailbox', () => {
  it('lists every mail newest first with its fields', async () => {
    const response = await mailbox();
    expect(response.statusCode, response.body).toBe(200);
    const { ok, data } = response.json();
    expect(ok).toBe(true);
    expect(data.total).toBe(3);
    expect(data.items.map((item: { id: number }) => item.id)).toEqual([...ids].reverse());
    const newest = data.items[0];
    expect(Object.keys(newest).sort()).toEqual(
      ['createdAt', 'html', 'id', 'sentAt', 'status', 'subject', 'text', 'to'].sort(),
    );
    expect(newest).toMatchObject({
      to: 'eerste@example.com',
      subject: 'Je verificatiecode',
      status: 'pending',
      sentAt: null,
    });
    expect(newest.text).toContain('333333');
    expect(newest.html).toContain('333333');
    expect(newest.html).toMatch(/^<!doctype html>/);
    expect(new Date(newest.createdAt).toISOString()).toBe(newest.createdAt);
    expect(data.items[1].subject).toBe('Your verification code');
  });

  it('shows when a mail was delivered', async () => {
    const worker = createMailWorker({ db: t.db, transport: createMailboxTransport(), logger: silent });
    expect(await worker.runOnce()).toEqual({ sent: 3, retried: 0, failed: 0 });
    const { data } = (await mailbox()).json();
    for (const item of data.items) {
      expect(item.status).toBe('sent');
      expect(Date.parse(item.sentAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
    }
  });

  it('filters by address, case-insensitively', async () => {
    const first = (await mailbox('?to=EERSTE@example.com')).json().data;
    expect(first.total).toBe(2);
    expect(first.items.map((item: { text: string }) => item.text.includes('333333'))).toEqual([true, false]);
    const second = (await mailbox('?to=tweede@example.com')).json().data;
    expect(second.items.map((item: { id: number }) => item.id)).toEqual([ids[1]]);
    expect((await mailbox('?to=niemand@example.com')).json().data).toEqual({ items: [], total: 0 });
  });

  it('pages with limit and page', async () => {
    const page = (query: string) =>
      mailbox(query)
        .then((response) => response.json().data)
        .then((data) => ({ ids: data.items.map((item: { id: number }) => item.id), total: data.total }));
    expect(await page('?limit=2')).toEqual({ ids: [ids[2], ids[1]], total: 3 });
    expect(await page('?limit=2&page=2')).toEqual({ ids: [ids[0]], total: 3 });
    expect(await page('?limit=2&page=3')).toEqual({ ids: [], total: 3 });
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?limit=abc']) {
      const response = await mailbox(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().ok).toBe(false);
    }
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ isProduction: true });
    try {
      const response = await mailbox('', production.app, '');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        ok: false,
        data: null,
        errors: [{ key: 'general', message: 'errors.notFound' }],
      });
    } finally {
      await production.close();
    }
  });
});

describe('the development tools', () => {
  const tools = contractEndpoints.filter(({ endpoint }) => endpoint.policy.kind === 'development');
  const call = (endpoint: (typeof tools)[number]['endpoint'], cookie: string) =>
    t.app.inject({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      headers: cookie ? { cookie } : {},
    });

  it('are the mailbox and the billing run; every /dev endpoint is one of them or the checkout link', () => {
    expect(tools.map(({ name }) => name).sort()).toEqual(['billing.runBilling', 'mailbox.list']);
    for (const { name, endpoint } of contractEndpoints.filter(({ endpoint }) =>
      endpoint.path.startsWith('/dev/'),
    ))
      expect(['development', 'developmentLink'], name).toContain(endpoint.policy.kind);
  });

  it('need an admin session: 401 without one, 403 for anyone else, served to the admin', async () => {
    const others = await Promise.all(
      [
        'gym@example.com',
        'locatie@example.com',
        'werkgever@example.com',
        'leverancier@example.com',
        'content@example.com',
      ].map(signIn),
    );
    for (const { name, endpoint } of tools) {
      expectSignInRequired(await call(endpoint, ''));
      for (const cookie of others) expectForbidden(await call(endpoint, cookie));
      const served = await call(endpoint, admin);
      expect(served.statusCode, `${name}: ${served.body}`).toBe(200);
    }
  });
});
