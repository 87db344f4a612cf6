import { inviteAdmin, registerInvitedAdmin } from '../support/admins';
import { signIn } from '../support/session';
import { expect, expectRefusal, test } from '../support/test';

/** An admin of this journey's own, so the demo accounts other journeys use stay. */
const LEAVING = {
  email: 'vertrekkend.beheer@example.com',
  firstName: 'Joost',
  lastName: 'Mulder',
  password: 'Heldere-Middag-2026',
};

test('an admin deletes the own account with the password and can no longer sign in', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  const link = await inviteAdmin(page, LEAVING.email);
  await registerInvitedAdmin(page, link, LEAVING);

  // From the profile to the deletion page.
  await page
    .getByRole('button', { name: `Gebruikersmenu van ${LEAVING.firstName} ${LEAVING.lastName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Profiel' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.getByRole('link', { name: 'Account verwijderen' }).click();
  await expect(page).toHaveURL(/\/account\/delete-account$/);
  await expect(page.getByRole('heading', { name: 'Account verwijderen' })).toBeVisible();
  await expect(page.getByText('Je kunt daarna niet meer inloggen; je wordt meteen uitgelogd.')).toBeVisible();

  // A wrong password first: confirmed, refused, and the account is still there.
  const password = page.getByRole('textbox', { name: 'Wachtwoord' });
  const confirmation = page.getByRole('dialog', { name: 'Account definitief verwijderen?' });
  await password.fill('Verkeerd-Wachtwoord-1');
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  await expect(
    confirmation.getByText(
      'Je account wordt verwijderd en je wordt uitgelogd. Dit kan niet ongedaan worden gemaakt.',
    ),
  ).toBeVisible();
  expectRefusal(page, 400, '/api/account/deleteAccount');
  await confirmation.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByText('Dit wachtwoord klopt niet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account verwijderen' })).toBeVisible();

  // The right password.
  await password.fill(LEAVING.password);
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  await confirmation.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(page.getByRole('heading', { name: 'Je account is verwijderd' })).toBeVisible();
  await expect(
    page.getByText('Je bent uitgelogd en kunt met dit account niet meer inloggen.', { exact: false }),
  ).toBeVisible();

  // Signed out: the back-office asks to sign in.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();

  // Signing in with the deleted account fails as any wrong credentials do.
  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(LEAVING.email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(LEAVING.password);
  expectRefusal(page, 400, '/api/account/cookielogin');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Het e-mailadres of wachtwoord is onjuist.')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/login/);
});
