import { mainMenu, rows } from '../support/lists';
import { newestMail } from '../support/mailbox';
import { signIn } from '../support/session';
import { expect, expectRefusal, type Page, test } from '../support/test';

const PASSWORD = 'Zonnige-Ochtend-2026';

/** Opens the invitation link of the newest invitation mail to `email` in a fresh session and registers. */
async function registerFromMail(page: Page, email: string, firstName: string, lastName: string) {
  const mail = await newestMail(page, email, 'Uitnodiging voor XP Back-office');
  const link = mail.text.match(/https?:\/\/\S+\/account\/register\/\S+/)?.[0] as string;
  expect(link).toBeTruthy();
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Voornaam', exact: true }).fill(firstName);
  await page.getByRole('textbox', { name: 'Achternaam', exact: true }).fill(lastName);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Herhaal wachtwoord', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Registreren' }).click();
}

test('an admin adds an employer, whose contact registers and invites an employee who joins', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const employerName = `Drukkerij Noord ${run}`;
  const contact = `contact.${run}@example.com`;
  const employee = `werknemer.${run}@example.com`;

  // ------------------------------------------------------------------ the admin adds the employer
  await signIn(page, 'admin@example.com');
  await mainMenu(page).getByRole('link', { name: 'Werkgevers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Werkgevers' })).toBeVisible();
  await page.getByRole('button', { name: 'Werkgever toevoegen' }).click();
  const add = page.getByRole('dialog', { name: 'Werkgever toevoegen' });
  // A name in use first.
  await add.getByRole('textbox', { name: 'Naam' }).fill('Bakkerij Jansen B.V.');
  await add.getByRole('textbox', { name: 'E-mailadres contactpersoon' }).fill(contact);
  expectRefusal(page, 409, '/api/Employer');
  await add.getByRole('button', { name: 'Toevoegen en uitnodigen' }).click();
  await expect(add.getByRole('textbox', { name: 'Naam' })).toHaveAttribute('aria-invalid', 'true');
  await add.getByRole('textbox', { name: 'Naam' }).fill(employerName);
  await add.getByRole('button', { name: 'Toevoegen en uitnodigen' }).click();
  await expect(
    page.getByText(`${employerName} is toegevoegd; de uitnodiging is verstuurd naar ${contact}.`),
  ).toBeVisible();
  await page.getByRole('tab', { name: /In afwachting/ }).click();
  await expect(rows(page, 'Werkgevers').filter({ hasText: employerName })).toBeVisible();

  // ------------------------------------------- the contact registers and lands in the employer environment
  await registerFromMail(page, contact, 'Sanne', 'Bos');
  await expect(page).toHaveURL(/\/employer$/);
  await expect(page.getByRole('banner')).toContainText(employerName);

  // ------------------------------------------------------------------- and invites an employee
  await mainMenu(page).getByRole('link', { name: 'Medewerkers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
  await page.getByRole('button', { name: 'Medewerker uitnodigen' }).click();
  const invite = page.getByRole('dialog', { name: 'Medewerker uitnodigen' });
  await invite.getByRole('textbox', { name: 'E-mailadres' }).fill('geen-adres');
  await invite.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(invite.getByRole('textbox', { name: 'E-mailadres' })).toHaveAttribute('aria-invalid', 'true');
  await invite.getByRole('textbox', { name: 'E-mailadres' }).fill(employee);
  await invite.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(invite.getByText(`Er is een uitnodiging verstuurd naar ${employee}.`)).toBeVisible();
  await invite.getByRole('button', { name: 'Sluiten' }).last().click();
  await page.getByRole('tab', { name: /Uitnodigingen/ }).click();
  await expect(rows(page, 'Uitnodigingen').filter({ hasText: employee })).toBeVisible();

  // ------------------------------------------------- the employee registers; the employer sees them
  await registerFromMail(page, employee, 'Daan', 'Smit');
  // Signed in as the employee, who has no back-office: the page says what the account is for. Wait for
  // it (the registration's cookies arrive with it) and sign out as a person would.
  await expect(page.getByRole('heading', { name: 'Dit account is voor de app' })).toBeVisible();
  await expect(page.getByText('Je bent ingelogd als Daan Smit.')).toBeVisible();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(contact);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/employer$/);
  await mainMenu(page).getByRole('link', { name: 'Medewerkers' }).click();
  await expect(rows(page, 'Medewerkers').filter({ hasText: employee })).toContainText('Daan Smit');
});
