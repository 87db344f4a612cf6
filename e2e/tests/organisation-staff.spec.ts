import { newestMail } from '../support/mailbox';
import { signIn } from '../support/session';
import { expectMenu, mainMenu, rows, signInWith, signOut } from '../support/staff';
import { expect, test } from '../support/test';

test('a gym employee invites a colleague and grants rights through a rights group; the menu follows', async ({
  ownBrowser,
  page,
}) => {
  test.setTimeout(180_000);
  // Unique, so that the journey runs again against the same server.
  const run = Date.now().toString(36);
  const email = `nieuw.${run}@example.com`;
  const newcomer = { firstName: 'Lieke', lastName: `Vermeulen ${run}`, password: 'Frisse-Lentedag-2026' };
  const newcomerName = `${newcomer.firstName} ${newcomer.lastName}`;
  const groupName = `Vloermanagers ${run}`;

  // ------------------------------------------------------------- the gym employee invites a colleague
  await signIn(page, 'gym@example.com');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expectMenu(page, [
    'Dashboard',
    'Locaties',
    'Medewerkers',
    'Abonnementen',
    'Leden',
    'Facturen',
    'Instellingen',
  ]);

  await mainMenu(page).getByRole('link', { name: 'Medewerkers' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
  await page
    .getByRole('tablist', { name: 'Medewerkers en uitnodigingen' })
    .getByRole('tab', { name: 'Uitgenodigd' })
    .click();
  await expect(page).toHaveURL(/\/employees\/invited$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uitgenodigde medewerkers' })).toBeVisible();

  await page.getByRole('button', { name: 'Medewerker uitnodigen' }).click();
  const invite = page.getByRole('dialog', { name: 'Medewerker uitnodigen' });
  await invite.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await invite.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(invite.getByText(`Er is een uitnodiging verstuurd naar ${email}.`)).toBeVisible();
  await invite.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(invite).toBeHidden();
  const invited = rows(page, 'Uitgenodigde medewerkers').filter({ hasText: email });
  await expect(invited).toHaveCount(1);
  await expect(invited).toContainText('Jeroen Bakker');

  const mail = await newestMail(page, email, 'Uitnodiging voor XP Back-office');
  const link = mail.text.match(/https?:\/\/\S+\/account\/register\/gym\/employee\/\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  // -------------------------------------------- the newcomer registers in a browser of their own
  const newPage = await ownBrowser();
  await newPage.goto(new URL(link as string).pathname);
  await expect(newPage.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await expect(
    newPage.getByText('Vitaal Sportcentra nodigt je uit om een account aan te maken als medewerker.'),
  ).toBeVisible();
  await expect(newPage.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(email);
  await newPage.getByRole('textbox', { name: 'Voornaam', exact: true }).fill(newcomer.firstName);
  await newPage.getByRole('textbox', { name: 'Achternaam', exact: true }).fill(newcomer.lastName);
  await newPage.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(newcomer.password);
  await newPage.getByRole('textbox', { name: 'Herhaal wachtwoord', exact: true }).fill(newcomer.password);
  await newPage.getByRole('button', { name: 'Registreren' }).click();

  // Signed in at once (no code for gym employees), in the gym environment. Without rights only what is
  // open to everyone there shows (spec 000 section 6).
  await expect(newPage).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(newPage.getByRole('button', { name: `Gebruikersmenu van ${newcomerName}` })).toBeVisible();
  await expectMenu(newPage, ['Dashboard', 'Locaties']);
  // The dashboard of the gym that invited them, with its locations open to them.
  await expect(newPage.getByRole('heading', { level: 1, name: /Vitaal Sportcentra/ })).toBeVisible();
  await expect(newPage.getByText('Geen sportschool gekozen')).toHaveCount(0);
  await expect(newPage.getByRole('link', { name: 'Naar medewerkers' })).toHaveCount(0);
  await newPage.getByRole('link', { name: 'Naar locaties' }).click();
  // Other journeys may have added locations to this gym: look it up as a person would.
  await newPage.getByRole('searchbox', { name: 'Zoeken' }).fill('Utrecht Centrum');
  await expect(newPage.getByRole('row').filter({ hasText: 'Vitaal Utrecht Centrum' })).toHaveCount(1);

  // The invitation is used: it left the invited list, the newcomer is on the staff list.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Uitgenodigde medewerkers' })).toBeVisible();
  await expect(rows(page, 'Uitgenodigde medewerkers').filter({ hasText: email })).toHaveCount(0);
  await page
    .getByRole('tablist', { name: 'Medewerkers en uitnodigingen' })
    .getByRole('tab', { name: 'Medewerkers' })
    .click();
  await expect(page).toHaveURL(/\/employees$/);
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(run);
  await expect(rows(page, 'Medewerkers')).toHaveCount(1);
  await expect(rows(page, 'Medewerkers').filter({ hasText: newcomerName })).toContainText(email);

  // -------------------------------------------------------------- a rights group with two rights
  await mainMenu(page).getByRole('link', { name: 'Instellingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  await page
    .getByRole('tablist', { name: 'Onderdelen van de instellingen' })
    .getByRole('tab', { name: 'Rechtengroepen' })
    .click();
  await expect(page).toHaveURL(/\/settings\/rightGroups$/);
  await expect(page.getByRole('heading', { name: 'Rechtengroepen' })).toBeVisible();

  await page.getByRole('button', { name: 'Toevoegen' }).click();
  const panel = page.getByRole('dialog', { name: 'Rechtengroep toevoegen' });
  await panel.getByRole('textbox', { name: 'Naam' }).fill(groupName);
  await panel.getByRole('checkbox', { name: 'Medewerkers beheren' }).check();
  await panel.getByRole('checkbox', { name: 'Sportschoolgegevens wijzigen' }).check();
  await panel.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(`Rechtengroep ${groupName} is toegevoegd.`)).toBeVisible();
  await expect(panel).toBeHidden();

  const groupRow = rows(page, 'Rechtengroepen').filter({ hasText: groupName });
  await expect(groupRow).toContainText('Sportschoolgegevens wijzigen');
  await expect(groupRow).toContainText('Medewerkers beheren');
  await expect(groupRow.getByRole('cell').nth(2)).toHaveText('0');

  // Its employees: adding nobody is refused, then the newcomer is added.
  await groupRow.getByRole('button', { name: `Medewerkers ${groupName}` }).click();
  await expect(page).toHaveURL(/\/settings\/rightGroups\/\d+\/employees$/);
  await expect(page.getByRole('heading', { name: `Medewerkers van ${groupName}` })).toBeVisible();
  await expect(
    page.getByText(
      'Deze medewerkers hebben de rechten van de groep: Sportschoolgegevens wijzigen, Medewerkers beheren.',
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Toevoegen' }).click();
  const addMembers = page.getByRole('dialog', { name: 'Medewerkers toevoegen' });
  // The picker has the focus and shows the gym's employees; Escape closes only that list.
  const picker = addMembers.getByRole('combobox', { name: 'Medewerkers' });
  await expect(picker).toBeFocused();
  await expect(page.getByRole('option', { name: `${newcomerName} (${email})` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(addMembers).toBeVisible();
  await addMembers.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addMembers.getByText('Selecteer ten minste één medewerker')).toBeVisible();

  await picker.fill(newcomer.lastName);
  await page.getByRole('option', { name: `${newcomerName} (${email})` }).click();
  // The list closes after a pick, so that the submit button below it can be reached.
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(addMembers).toBeVisible();
  await expect(addMembers.getByText('Selecteer ten minste één medewerker')).toBeHidden();
  await addMembers.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addMembers.getByText(`1 medewerker(s) toegevoegd aan ${groupName}.`)).toBeVisible();
  await addMembers.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(addMembers).toBeHidden();
  await expect(rows(page, `Medewerkers van ${groupName}`).filter({ hasText: newcomerName })).toContainText(
    email,
  );

  // ------------------------------- the newcomer signs in again and sees what the group's rights allow
  await signOut(newPage, newcomerName);
  await signInWith(newPage, email, newcomer.password);
  await expect(newPage).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expectMenu(newPage, ['Dashboard', 'Locaties', 'Medewerkers', 'Instellingen']);

  await mainMenu(newPage).getByRole('link', { name: 'Medewerkers' }).click();
  await expect(newPage).toHaveURL(/\/employees$/);
  await expect(newPage.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
  await expect(rows(newPage, 'Medewerkers').filter({ hasText: 'Jeroen Bakker' })).toContainText(
    'gym@example.com',
  );
  await expect(rows(newPage, 'Medewerkers').filter({ hasText: newcomerName })).toContainText(email);

  // Settings: the gym's own tabs, not the rights groups (that takes 'Rechten beheren').
  await mainMenu(newPage).getByRole('link', { name: 'Instellingen' }).click();
  await expect(newPage.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  const tabs = newPage.getByRole('tablist', { name: 'Onderdelen van de instellingen' }).getByRole('tab');
  await expect(tabs).toHaveText(['Algemeen', 'Inschrijving']);
});
