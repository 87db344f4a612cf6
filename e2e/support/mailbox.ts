import { expect, type Page } from '@playwright/test';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest mail to `address` with this subject, from the development mailbox (newest first), once at
 * least `count` of them arrived. Mail goes through the outbox, so it is polled for.
 */
export async function newestMail(page: Page, address: string, subject: string, count = 1): Promise<Mail> {
  let found: Mail[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(address)}`);
      expect(response.ok()).toBe(true);
      const { data } = (await response.json()) as { data: { items: Mail[] } };
      found = data.items.filter((mail) => mail.to === address && mail.subject === subject);
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
