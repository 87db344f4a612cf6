import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { DEMO_PASSWORD } from './session';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The admin's API session of this worker, per base URL: the development tools are an admin's (decision 015). */
const adminSessions = new Map<string, Promise<APIRequestContext>>();

async function signedInAdmin(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/api/account/cookielogin', {
    data: { email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return api;
}

/**
 * Calls a development tool (`/api/dev/…`) as the demo admin, signed in once per worker (again when the
 * session ran out). `page` only names the server: the browser's own session is left alone.
 */
export async function asDevAdmin(
  method: 'get' | 'post',
  path: string,
): Promise<Awaited<ReturnType<APIRequestContext['get']>>> {
  const baseURL = test.info().project.use.baseURL as string;
  for (let attempt = 0; ; attempt += 1) {
    if (!adminSessions.has(baseURL)) adminSessions.set(baseURL, signedInAdmin(baseURL));
    const api = await adminSessions.get(baseURL)!;
    const answer = await api[method](path);
    if (answer.status() !== 401 || attempt > 0) return answer;
    adminSessions.delete(baseURL);
    await api.dispose();
  }
}

/** The newest mails of the development mailbox (to `address` when given), newest first. */
export async function mailbox(address?: string): Promise<Mail[]> {
  const answer = await asDevAdmin(
    'get',
    address ? `/api/dev/mailbox?to=${encodeURIComponent(address)}` : '/api/dev/mailbox',
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { items: Mail[] } }).data.items;
}

/**
 * The newest mail to `address` with this subject, from the development mailbox (newest first), once at
 * least `count` of them arrived. Mail goes through the outbox, so it is polled for.
 */
export async function newestMail(_page: Page, address: string, subject: string, count = 1): Promise<Mail> {
  let found: Mail[] = [];
  await expect
    .poll(async () => {
      found = (await mailbox(address)).filter((mail) => mail.to === address && mail.subject === subject);
      return found.length >= count;
    })
    .toBe(true);
  return found[0] as Mail;
}

/** The six-digit verification code of the newest code mail to `address`. */
export async function mailedCode(page: Page, address: string, count = 1): Promise<string> {
  const mail = await newestMail(page, address, 'Je verificatiecode', count);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1] as string;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}
