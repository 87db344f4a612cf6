import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, request } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/session';
import { pick } from '../support/switchers';
import { expect, test } from '../support/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** 45 gyms through the API as the demo admin, named 'Zoekgym 01 <run>' ... */
async function addGyms(baseURL: string, run: string, count: number): Promise<void> {
  const admin: APIRequestContext = await request.newContext({ baseURL });
  try {
    const login = await admin.post('/api/account/cookielogin', {
      data: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
    for (let index = 1; index <= count; index += 1) {
      const number = String(index).padStart(2, '0');
      const created = await admin.post('/api/Gym', {
        data: { name: `Zoekgym ${number} ${run}`, slug: `zoekgym-${number}-${run}` },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }
  } finally {
    await admin.dispose();
  }
}

/**
 * Decision 003: the header's switchers no longer load every gym (502 for an admin, measured): each is a
 * searchable picker that asks the server for a page of matches.
 */
test('an admin finds a gym among many in the header picker, by typing, and switches with the keyboard', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  await addGyms(baseURL as string, run, 45);

  await signIn(page, 'admin@example.com');
  await pick(page, 'Omgeving', 'Sportschool');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const gymPicker = page.getByRole('banner').getByRole('combobox', { name: 'Sportschool', exact: true });
  const active = await gymPicker.inputValue();
  expect(active.length).toBeGreaterThan(0);

  // Open: the first page, the active gym marked, and the count of the rest.
  await gymPicker.click();
  const listbox = page.getByRole('listbox', { name: 'Sportschool' });
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await expect(page.getByText(/^30 van \d+ getoond — typ om te zoeken$/)).toBeVisible();
  await expect(listbox.getByRole('option', { name: 'Meer tonen' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('gym-picker-open.png') });
  await page.screenshot({ path: '/tmp/gym-picker-open.png' });
  // The open picker is accessible as well (the watch checks the screens, not open dropdowns).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
  expect(violations).toEqual([]);

  // Typing narrows on the server; the keyboard picks.
  await gymPicker.fill(`zoekgym 3`);
  await expect(listbox.getByRole('option')).toHaveCount(10);
  await expect(page.getByText(/getoond/)).toBeHidden();
  await page.screenshot({ path: '/tmp/gym-picker-search.png' });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(gymPicker).toHaveValue(`Zoekgym 31 ${run}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Zoekgym 31 ${run}`);

  // Nothing found says so; Escape closes and shows the active gym again.
  await gymPicker.click();
  await gymPicker.fill('bestaat niet');
  await expect(page.getByText('Niets gevonden')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(gymPicker).toHaveValue(`Zoekgym 31 ${run}`);
});
