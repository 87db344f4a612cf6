import { expectListLoaded, mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/*
 * Decisions 015 and 016: a paid invoice that is cancelled leaves a refund owed; the credit
 * invoice is settled when the refund is recorded, after its method is chosen and confirmed. 'Terug te
 * betalen' lists it for the gym, and the platform's for the admin.
 */
test('the gym cancels a paid invoice, records the refund on its credit invoice, and finds it refunded', async ({
  page,
}, testInfo) => {
  await signIn(page, 'gym@example.com');
  await mainMenu(page).getByRole('link', { name: 'Facturen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Terug te betalen' })).toBeVisible();
  await expectListLoaded(page, 'Alle facturen');

  // An open invoice, paid in cash at the desk, then cancelled: the gym owes the money back.
  await page.getByRole('tab', { name: /^Open/ }).click();
  await expectListLoaded(page, 'Openstaande facturen');
  const open = rows(page, 'Openstaande facturen');
  const number = (await open.first().getByRole('cell').first().textContent())!.trim();
  await open.first().click();
  const panel = page.getByRole('dialog', { name: `Factuur ${number}` });
  await panel.getByRole('button', { name: 'Contant betaald' }).click();
  await page
    .getByRole('dialog', { name: 'Factuur als betaald markeren' })
    .getByRole('button', { name: 'Bevestigen' })
    .click();
  await expect(page.getByText(`Factuur ${number} is betaald`)).toBeVisible();
  await panel.getByRole('button', { name: 'Annuleren met creditfactuur' }).click();
  await page
    .getByRole('dialog', { name: 'Factuur annuleren' })
    .getByRole('button', { name: 'Bevestigen' })
    .click();
  await expect(page.getByText(`Factuur ${number} is geannuleerd`)).toBeVisible();

  // Its credit invoice is open until the refund is recorded.
  await panel.getByRole('button', { name: 'Bekijk de creditfactuur' }).click();
  const credit = page.getByRole('dialog', { name: /^Factuur / });
  await expect(
    credit.getByText('Betaalde factuur geannuleerd (creditfactuur)', { exact: false }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('credit-invoice-nl.png'), fullPage: true });
  await credit.getByRole('button', { name: 'Terugbetaling vastleggen' }).click();
  const record = page.getByRole('dialog', { name: 'Terugbetaling vastleggen' });
  await expect(record).toContainText('Dit kun je niet ongedaan maken');
  await expect(record.getByRole('button', { name: 'Vastleggen' })).toBeDisabled();
  // Paid at the desk: no refund through the provider is offered.
  await expect(record.getByRole('radio', { name: /betaalprovider/ })).toHaveCount(0);
  await record.getByRole('radio', { name: 'Contant teruggegeven' }).check();
  await page.screenshot({ path: testInfo.outputPath('record-refund-nl.png') });
  await record.getByRole('button', { name: 'Vastleggen' }).click();
  await expect(page.getByText(`De terugbetaling voor ${number} is vastgelegd`)).toBeVisible();
  await expect(credit.getByText('Terugbetaald', { exact: true })).toBeVisible();
  await credit.getByRole('button', { name: 'Sluiten' }).click();

  // 'Terug te betalen': refunded now.
  await page.getByText('Terugbetaald', { exact: true }).click();
  await expectListLoaded(page, 'Terugbetaald');
  await expect(rows(page, 'Terugbetaald').filter({ hasText: number })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('refunds-desktop-nl.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('refunds-phone-nl.png'), fullPage: true });

  // In English.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'To refund' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('refunds-phone-en.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('refunds-desktop-en.png'), fullPage: true });
  await page.evaluate(() => localStorage.removeItem('language'));
});

test('the admin finds what the platform owes back under the XP invoices', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(mainMenu(page)).toBeVisible();
  await page.goto('/admin/xptransactions/invoices');
  await expect(page.getByRole('heading', { level: 2, name: 'Terug te betalen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Nog terug te betalen' })).toBeVisible();
});
