import type { Page } from '@playwright/test';
import { solidPng } from '../support/images';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/** Signs in and waits until the login page is left (the session's cookies are set). */
async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/account\/login/);
}

/** The XP of the header's balance ('XP-saldo: 72.925 XP'), as a number. */
async function headerBalance(page: Page): Promise<number> {
  const balance = page.getByRole('banner').getByText(/\d[\d.]* XP/);
  await expect(balance).toBeVisible();
  return Number(((await balance.textContent()) ?? '').replace(/[^\d]/g, ''));
}

/**
 * The employer buys XP in the header's modal, pays on the (local) checkout, and the balance rises
 * only once the payment is in (decision 019).
 */
test('the employer buys 2,500 XP, pays on the checkout and sees the balance rise in the header', async ({
  page,
}) => {
  await signInAs(page, 'werkgever@example.com');
  await page.goto('/employer/xptransactions');
  const before = await headerBalance(page);
  await page.getByRole('button', { name: 'XP kopen' }).click();
  const modal = page.getByRole('dialog', { name: 'XP kopen' });
  await modal.getByLabel('Aantal XP').fill('2500');
  await expect(modal.getByText(/€\s?25,00/)).toBeVisible();
  await modal.getByRole('button', { name: 'Naar betalen' }).click();
  // The local test provider's checkout.
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  await page.getByRole('button', { name: 'Betalen' }).click();
  // Back on the invoice, which waits for the webhook.
  await expect(page).toHaveURL(/\/employer\/xptransactions\/invoices\/\d+/);
  await expect(page.getByText('Betaald', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe(before + 2_500);
  const formatted = new Intl.NumberFormat('nl-NL').format(before + 2_500);
  await expect(page.getByRole('banner').getByText(`${formatted} XP`)).toBeVisible();
});

test('the employer gives XP to two employees and sees the transactions', async ({ page }) => {
  await signInAs(page, 'werkgever@example.com');
  await page.goto('/employer/xptransactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transacties' })).toBeVisible();
  const before = await headerBalance(page);
  for (const name of ['Anouk Jansen', 'Lisa van Dam']) {
    await page.getByRole('button', { name: 'XP geven' }).click();
    const modal = page.getByRole('dialog', { name: 'XP geven' });
    await modal.getByRole('combobox', { name: 'Medewerker' }).fill(name.split(' ')[0]!);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await modal.getByLabel('Aantal XP').fill('150');
    await modal.getByRole('button', { name: 'XP geven' }).click();
    await expect(page.getByText(/150 XP gegeven aan 1 medewerker/).first()).toBeVisible();
    await expect(modal).toBeHidden();
  }
  await expect.poll(() => headerBalance(page)).toBe(before - 300);
  await page.getByRole('tab', { name: /Toegekend/ }).click();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Anouk Jansen' }).filter({ hasText: '150' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Lisa van Dam' }).filter({ hasText: '150' }).first()).toBeVisible();
});

test('the admin adds a store item in two steps with an image, and the employer sees it in the shop', async ({
  page,
}) => {
  const name = `Bidon ${Date.now().toString(36)}`;
  await signInAs(page, 'admin@example.com');
  await page.goto('/admin/store');
  await expect(page.getByRole('heading', { level: 1, name: 'Winkel' })).toBeVisible();
  await page.getByRole('button', { name: 'Product toevoegen' }).click();
  const modal = page.getByRole('dialog', { name: 'Product toevoegen' });
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'bidon.png',
    mimeType: 'image/png',
    buffer: solidPng(400, 400, [30, 120, 200]),
  });
  await modal.getByRole('textbox', { name: 'Naam' }).fill(name);
  await modal.getByRole('combobox', { name: 'Categorie' }).click();
  await page.getByRole('option', { name: 'Accessoires' }).click();
  await modal.getByRole('textbox', { name: 'Omschrijving' }).fill('Een bidon van 750 ml.');
  await modal.getByRole('button', { name: 'Volgende', exact: true }).click();
  // Step 2: price, stock and the preview as employees will see it.
  await modal.getByLabel('Prijs').fill('1250');
  await modal.getByLabel('Voorraad').fill('20');
  await expect(modal.getByText(name)).toBeVisible();
  await modal.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText(`${name} staat in de winkel.`)).toBeVisible();

  await page.context().clearCookies();
  await signInAs(page, 'werkgever@example.com');
  await page.goto('/employer/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Winkel' })).toBeVisible();
  await page.getByPlaceholder('Zoeken op naam').fill(name);
  await expect(page.getByText(name)).toBeVisible();
});
