import { type Mail, mailbox } from '../support/mailbox';
import { expect, expectRefusal, test } from '../support/test';

/** The newest message to an address in the development mailbox (read as the admin), waiting for the worker. */
async function newestMailTo(_page: import('@playwright/test').Page, to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const messages = await mailbox();
      found = messages.find((message) => message.to === to);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('a supplier resets a forgotten password from the mailed link and signs in with it', async ({ page }) => {
  const email = 'leverancier@example.com';
  const newPassword = 'Paarse-fiets-2026!';

  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await page.getByRole('button', { name: 'Link versturen' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();

  const mail = await newestMailTo(page, email);
  const link = mail.text.match(/https?:\/\/\S+\/account\/reset-password\?token=[\w%-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);

  await expect(page.getByRole('heading', { name: 'Nieuw wachtwoord instellen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill('kort');
  await page.getByRole('textbox', { name: 'Herhaal nieuw wachtwoord' }).fill('kort');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Gebruik minstens 10 tekens')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Herhaal nieuw wachtwoord' }).fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('heading', { name: 'Je wachtwoord is gewijzigd' })).toBeVisible();

  // The link works once: the server refuses it now.
  expectRefusal(page, 400, '/api/Account/resetPassword');
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Herhaal nieuw wachtwoord' }).fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Deze link is ongeldig, verlopen of al gebruikt.')).toBeVisible();

  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/supplier$/);
});
