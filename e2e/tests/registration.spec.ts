import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/session';

const NEW_ADMIN = 'nieuw.beheer@example.com';
const PASSWORD = 'Zonnige-Ochtend-2026';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest mail to `address` with this subject, from the development mailbox (newest first). Mail goes
 * through the outbox, so it is polled for.
 */
async function newestMail(page: Page, address: string, subject: string, count = 1): Promise<Mail> {
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

const invitedRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Uitgenodigde beheerders' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

test('an admin invites a new admin, who registers from the mail and verifies with the mailed code', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);

  // Invite.
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Uitgenodigde beheerders' })
    .click();
  await expect(page).toHaveURL(/\/admin\/admins\/invited$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uitgenodigde beheerders' })).toBeVisible();
  await page.getByRole('button', { name: 'Beheerder uitnodigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beheerder uitnodigen' });
  await dialog.getByRole('textbox', { name: 'E-mailadres' }).fill(NEW_ADMIN);
  await dialog.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(dialog.getByText(`Er is een uitnodiging verstuurd naar ${NEW_ADMIN}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(invitedRows(page).filter({ hasText: NEW_ADMIN })).toHaveCount(1);

  // The invitation in the mailbox; the new admin opens its link in a browser of their own.
  const invitation = await newestMail(page, NEW_ADMIN, 'Uitnodiging voor XP Back-office');
  const link = invitation.text.match(/https?:\/\/\S+\/account\/register\/admin\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.context().clearCookies();
  // The mail links to the configured public address; this run serves the same app on another host name.
  await page.goto(new URL(link as string).pathname);

  // Register: a too short password first.
  await expect(page.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await expect(page.getByText('Je bent uitgenodigd om een account aan te maken als beheerder')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(NEW_ADMIN);
  await page.getByRole('textbox', { name: 'Voornaam', exact: true }).fill('Noor');
  await page.getByRole('textbox', { name: 'Achternaam', exact: true }).fill('Visser');
  const password = page.getByRole('textbox', { name: 'Wachtwoord', exact: true });
  const confirmPassword = page.getByRole('textbox', { name: 'Herhaal wachtwoord', exact: true });
  await password.fill('kort');
  await confirmPassword.fill('kort');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page.getByText('Gebruik minstens 10 tekens')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/register\/admin\//);

  await password.fill(PASSWORD);
  await confirmPassword.fill(PASSWORD);
  await page.getByRole('button', { name: 'Registreren' }).click();

  // Verify: a wrong code first, then the one from the newest mail.
  await expect(page).toHaveURL(/\/account\/tfa\?code=/);
  await expect(page.getByRole('heading', { name: 'Vul je verificatiecode in' })).toBeVisible();
  const codeMail = await newestMail(page, NEW_ADMIN, 'Je verificatiecode');
  const code = codeMail.text.match(/\b(\d{6})\b/)?.[1] as string;
  expect(code).toMatch(/^\d{6}$/);
  const codeInput = page.getByRole('textbox', { name: 'Verificatiecode' });
  await expect(codeInput).toBeFocused();
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(codeInput).toHaveAccessibleDescription(
    'Deze code klopt niet. Controleer de code in de laatste e-mail.',
  );

  await codeInput.fill(code);
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welkom, Noor Visser.')).toBeVisible();

  // The invitation is used: its link now says so.
  await page.context().clearCookies();
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('heading', { name: 'Uitnodiging al gebruikt' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Naar inloggen' })).toBeVisible();

  // Later the new admin forgets the password, resets it from the mailed link, and signs in again: with
  // two-factor, as every admin-invited account.
  const NEW_PASSWORD = 'Stille-Avond-2027';
  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(NEW_ADMIN);
  await page.getByRole('button', { name: 'Link versturen' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();
  const resetMail = await newestMail(page, NEW_ADMIN, 'Stel je wachtwoord opnieuw in');
  const resetLink = resetMail.text.match(/https?:\/\/\S+\/account\/reset-password\?token=[\w%-]+/)?.[0];
  expect(resetLink, resetMail.text).toBeTruthy();
  await page.goto(new URL(resetLink as string).pathname + new URL(resetLink as string).search);
  await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Herhaal nieuw wachtwoord' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('heading', { name: 'Je wachtwoord is gewijzigd' })).toBeVisible();

  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(NEW_ADMIN);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/account\/tfa$/);
  const loginCodeMail = await newestMail(page, NEW_ADMIN, 'Je verificatiecode', 2);
  const loginCode = loginCodeMail.text.match(/\b(\d{6})\b/)?.[1] as string;
  await page.getByRole('textbox', { name: 'Verificatiecode' }).fill(loginCode);
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welkom, Noor Visser.')).toBeVisible();
});
