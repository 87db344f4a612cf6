import { expectListLoaded, mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

test('the gym employee marks an open invoice paid in cash, and has another one paid on the local checkout', async ({
  page,
}) => {
  await signIn(page, 'gym@example.com');
  await mainMenu(page).getByRole('link', { name: 'Facturen' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Facturen' })).toBeVisible();
  await expectListLoaded(page, 'Alle facturen');

  // The open ones: a tab with its count.
  await page.getByRole('tab', { name: /^Open/ }).click();
  await expect(page).toHaveURL(/tab=open/);
  await expectListLoaded(page, 'Openstaande facturen');
  const open = rows(page, 'Openstaande facturen');
  const before = await open.count();
  expect(before).toBeGreaterThanOrEqual(2);
  const number = (await open.first().getByRole('cell').first().textContent())!.trim();

  // Paid in cash, after a confirmation.
  await open.first().click();
  const panel = page.getByRole('dialog', { name: `Factuur ${number}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Factuurregels' })).toBeVisible();
  await panel.getByRole('button', { name: 'Contant betaald' }).click();
  const confirm = page.getByRole('dialog', { name: 'Factuur als betaald markeren' });
  await expect(confirm).toContainText(`Factuur ${number}`);
  await confirm.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByText(`Factuur ${number} is betaald`)).toBeVisible();
  await expect(panel.getByText('Betaald', { exact: true })).toBeVisible();
  await expect(panel.getByText('Contant', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Sluiten' }).click();
  await expect(open).toHaveCount(before - 1);

  // Another one: a payment link, paid on the local test provider's checkout; the webhook marks it paid.
  const other = (await open.first().getByRole('cell').first().textContent())!.trim();
  await open.first().click();
  const otherPanel = page.getByRole('dialog', { name: `Factuur ${other}` });
  await otherPanel.getByRole('button', { name: 'Betaallink maken' }).click();
  const link = otherPanel.getByRole('link', { name: 'Betaalpagina openen' });
  await expect(link).toBeVisible();
  await page.goto((await link.getAttribute('href'))!);
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  await expect(page.getByText(`Factuur ${other}`)).toBeVisible();
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).not.toHaveURL(/\/dev\/checkout/);

  await page.goto('/invoices?tab=paid');
  await expectListLoaded(page, 'Betaalde facturen');
  await rows(page, 'Betaalde facturen').filter({ hasText: other }).click();
  const paid = page.getByRole('dialog', { name: `Factuur ${other}` });
  await expect(paid.getByText('Betaalprovider (automatische incasso)')).toBeVisible();
  await expect(paid.getByText(/Open \d{2}-\d{2}-\d{4} → Betaald \d{2}-\d{2}-\d{4}/)).toBeVisible();
});
