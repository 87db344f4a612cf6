import { mailbox } from '../support/mailbox';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

test('an admin keeps the profile up to date and sends a user a deletion request', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);

  // Profile from the user menu.
  await page.getByRole('button', { name: 'Gebruikersmenu van Sanne de Vries' }).click();
  await page.getByRole('menuitem', { name: 'Profiel' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  const phone = page.getByRole('textbox', { name: 'Telefoonnummer' });
  await phone.fill('06 12');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Vul een geldig telefoonnummer in', { exact: false })).toBeVisible();
  await phone.fill('06 12345678');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Je profiel is opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Telefoonnummer' })).toHaveValue('06 12345678');

  // Users: the employers tab, then a deletion request for the employer.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Gebruikers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gebruikers' })).toBeVisible();
  await page.getByRole('tab', { name: /Werkgevers/ }).click();
  await expect(page).toHaveURL(/tab=Employer/);
  const row = page.getByRole('row').filter({ hasText: 'werkgever@example.com' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'gym@example.com' })).toHaveCount(0);
  await row.getByRole('button', { name: /Verwijderverzoek sturen/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByText('Het verwijderverzoek is naar werkgever@example.com gestuurd.')).toBeVisible();

  const mails = await mailbox('werkgever@example.com');
  expect(mails.some((mail) => mail.text.includes('/account/delete-account'))).toBe(true);

  // Admins: the only admin cannot revoke itself.
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Beheerders', exact: true })
    .click();
  const self = page.getByRole('row').filter({ hasText: 'admin@example.com' });
  await expect(self.getByText('Jij')).toBeVisible();
  await expect(self.getByRole('button', { name: /Beheerrechten intrekken/ })).toHaveCount(0);
});
