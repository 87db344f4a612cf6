import { inviteAdmin } from '../support/admins';
import { mailedCode, newestMail } from '../support/mailbox';
import { signIn } from '../support/session';
import { expect, expectRefusal, test } from '../support/test';

const NEW_ADMIN = 'nieuw.beheer@example.com';
const PASSWORD = 'Zonnige-Ochtend-2026';

test('an admin invites a new admin, who registers from the mail and verifies with the mailed code', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);

  // Invite; the new admin opens the mailed link in a browser of their own.
  const link = await inviteAdmin(page, NEW_ADMIN);
  await page.context().clearCookies();
  await page.goto(link);

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
  const code = await mailedCode(page, NEW_ADMIN);
  const codeInput = page.getByRole('textbox', { name: 'Verificatiecode' });
  await expect(codeInput).toBeFocused();
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  expectRefusal(page, 400, '/api/Account/ValidateTfa');
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
  expectRefusal(page, 404, '/api/Account/Invitation/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Uitnodiging al gebruikt' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Naar inloggen' })).toBeVisible();

  // Later the new admin forgets the password, resets it from the mailed link, and signs in again: with
  // two-factor, as every admin-invited account.
  const NEW_PASSWORD = 'Stille-Avond-2027';
  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  // The page loads lazily: wait for it, or the login page's own e-mail field gets the address.
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
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
  await page.getByRole('textbox', { name: 'Verificatiecode' }).fill(await mailedCode(page, NEW_ADMIN, 2));
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welkom, Noor Visser.')).toBeVisible();
});
