import { expectListLoaded, mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, expectRefusal, type Locator, type Page, test } from '../support/test';

/** Picks an option of a select inside `scope`. */
async function choose(page: Page, scope: Locator, field: RegExp, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the gym employee enters a member at the desk and gives them a subscription; anonymising asks confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'gym@example.com');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  // ------------------------------------------------------------------ the list
  await mainMenu(page).getByRole('link', { name: 'Leden' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leden' })).toBeVisible();
  await expectListLoaded(page, 'Alle leden');
  await expect(page.getByRole('tab', { name: /^Alle/, selected: true })).toBeVisible();
  for (const tab of ['Actief', 'Niet-actief', 'Slapend']) {
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeVisible();
  }
  await page.getByRole('tab', { name: /^Slapend/ }).click();
  await expect(page).toHaveURL(/tab=sleeping/);
  await expectListLoaded(page, 'Slapende leden');
  const sleeping = rows(page, 'Slapende leden');
  // The demo has members of every status at each location.
  await expect(sleeping.first()).toContainText('Slapend');

  // ------------------------------------------------------------------ a member at the desk
  await page.getByRole('button', { name: 'Lid toevoegen' }).first().click();
  await expect(page).toHaveURL(/\/members\/new$/);
  const form = page.getByRole('form', { name: 'Lid toevoegen' });
  await form.getByRole('textbox', { name: /^Voornaam/ }).fill('Anouk');
  await form.getByRole('textbox', { name: /^Achternaam/ }).fill('Visser');
  await form.getByRole('textbox', { name: /^E-mailadres/ }).fill('anouk.visser@example.com');
  await form.getByRole('textbox', { name: /^Telefoonnummer/ }).fill('06 12345678');
  await form.getByRole('textbox', { name: /^Geboortedatum/ }).fill('14-02-1995');
  await form.getByRole('textbox', { name: /^Postcode/ }).fill('3511ab');
  await form.getByRole('textbox', { name: /^Plaats/ }).fill('Utrecht');
  await choose(page, form, /^Hoofdlocatie/, 'Vitaal Utrecht Centrum');
  await form.getByRole('button', { name: 'Toevoegen', exact: true }).click();

  await expect(page.getByText('Anouk Visser is toegevoegd.')).toBeVisible();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anouk Visser' })).toBeVisible();
  await expect(page.getByText('Nog niet geweest')).toBeVisible();
  await expect(page.getByText('Nog geen abonnementen')).toBeVisible();
  const personal = page.getByRole('form', { name: 'Persoonsgegevens' });
  await expect(personal.getByRole('textbox', { name: /^Postcode/ })).toHaveValue('3511 AB');
  await expect(personal.getByRole('textbox', { name: /^Geboortedatum/ })).toHaveValue('14-02-1995');

  // ------------------------------------------------------------------ a subscription for a youth: refused
  await page.getByRole('button', { name: 'Abonnement afsluiten' }).click();
  let takeOut = page.getByRole('form', { name: 'Abonnement afsluiten' });
  await choose(page, takeOut, /^Abonnement/, 'Jeugd fitness');
  await expect(takeOut.getByText(/Voor leeftijden: Jeugd \(12 t\/m 17 jaar\)/)).toBeVisible();
  await choose(page, takeOut, /^Variant/, 'Twee keer per week');
  await expect(takeOut.getByRole('combobox', { name: /^Locatie/ })).not.toHaveValue('');
  expectRefusal(page, 400, '/api/Member/');
  await takeOut.getByRole('button', { name: 'Afsluiten' }).click();
  await expect(takeOut.getByText('De leeftijd van het lid past niet bij dit abonnement')).toBeVisible();

  // ------------------------------------------------------------------ and one that fits
  await choose(page, takeOut, /^Abonnement/, 'Onbeperkt fitness');
  await choose(page, takeOut, /^Variant/, 'Jaarcontract');
  await expect(takeOut.getByRole('combobox', { name: /^Locatie/ })).toHaveValue('Vitaal Utrecht Centrum');
  await takeOut.getByRole('button', { name: 'Afsluiten' }).click();
  await expect(page.getByText('Onbeperkt fitness is afgesloten.')).toBeVisible();
  takeOut = page.getByRole('form', { name: 'Abonnement afsluiten' });
  await expect(takeOut).toBeHidden();
  const membership = rows(page, 'Abonnementen van het lid').filter({ hasText: 'Onbeperkt fitness' });
  await expect(membership).toContainText('Jaarcontract');
  await expect(membership).toContainText('Vitaal Utrecht Centrum');
  await expect(membership).toContainText('Lopend');
  await expect(membership).toContainText('Doorlopend');

  // Ending shows the variant's notice period.
  await membership.getByRole('button', { name: /^Beëindigen/ }).click();
  const end = page.getByRole('form', { name: 'Abonnement beëindigen' });
  await expect(end.getByText(/^Opzegtermijn: /)).toBeVisible();
  await end.getByRole('button', { name: 'Annuleren' }).click();
  await expect(end).toBeHidden();

  // ------------------------------------------------------------------ status in the list, by search
  await page.getByRole('button', { name: 'Terug naar leden' }).click();
  await expect(page).toHaveURL(/\/members(\?.*)?$/);
  await page.getByRole('tab', { name: /^Alle/ }).click();
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('Visser');
  await expect(page).toHaveURL(/search=Visser/);
  const row = rows(page, 'Alle leden').filter({ hasText: 'Anouk Visser' });
  await expect(row).toContainText('anouk.visser@example.com');
  await expect(row).toContainText('Onbeperkt fitness');
  await expect(row).toContainText(/Actief|Niet-actief|Slapend/);
  await row.getByText('Anouk Visser').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anouk Visser' })).toBeVisible();

  // ------------------------------------------------------------------ the entries and invoices tabs
  await page.getByRole('tab', { name: 'Bezoeken' }).click();
  await expect(page).toHaveURL(/\/members\/\d+\/entries/);
  await expectListLoaded(page, 'Bezoeken');
  await page.getByRole('tab', { name: 'Facturen' }).click();
  await expect(page.getByText('Nog geen facturen')).toBeVisible();
  await page.getByRole('tab', { name: 'Algemeen' }).click();

  // ------------------------------------------------------------------ anonymising asks confirmation
  await page.getByRole('button', { name: 'Anonimiseren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Lid anonimiseren' });
  await expect(confirm).toContainText('De persoonsgegevens van Anouk Visser worden definitief verwijderd.');
  await confirm.getByRole('button', { name: 'Annuleren' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Anouk Visser' })).toBeVisible();

  await page.getByRole('button', { name: 'Anonimiseren' }).click();
  await confirm.getByRole('button', { name: 'Anonimiseren' }).click();
  await expect(page.getByText('De persoonsgegevens zijn verwijderd.', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Dit lid is geanonimiseerd: de persoonsgegevens zijn verwijderd.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Anouk Visser' })).toBeHidden();
  await expect(membership).toContainText('Onbeperkt fitness');
});
