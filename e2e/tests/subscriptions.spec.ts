import { expectListLoaded, mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, expectRefusal, type Page, test } from '../support/test';

/** Picks an option of a multi-select of the form and closes its list. */
async function pickOption(page: Page, field: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

/** Picks an option of a plain select inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, field: RegExp, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The subscriptions a member can take out: opens the first member of the demo in the members list, its take-out form
 * and the form's subscription field, reads the options and goes back to the subscriptions.
 */
async function offeredToTakeOut(page: Page): Promise<string[]> {
  await mainMenu(page).getByRole('link', { name: 'Leden' }).click();
  await expectListLoaded(page, 'Alle leden');
  // A member of the demo (the other journeys add and anonymise members of their own).
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('voorbeeld.nl');
  await expect(page).toHaveURL(/search=voorbeeld.nl/);
  await expect(rows(page, 'Alle leden').first()).toContainText('@voorbeeld.nl');
  await rows(page, 'Alle leden').first().getByRole('cell').first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await page.getByRole('button', { name: 'Abonnement afsluiten' }).click();
  const takeOut = page.getByRole('form', { name: 'Abonnement afsluiten' });
  await takeOut.getByRole('combobox', { name: /^Abonnement/ }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  await page.keyboard.press('Escape');
  await takeOut.getByRole('button', { name: 'Annuleren' }).click();
  await expect(takeOut).toBeHidden();
  await mainMenu(page).getByRole('link', { name: 'Abonnementen' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  return names;
}

test('the gym employee adds groups and a subscription with two variants, and deactivates it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'gym@example.com');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  await mainMenu(page).getByRole('link', { name: 'Abonnementen' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnementen' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Actief/, selected: true })).toBeVisible();

  // ------------------------------------------------------------------ an age group and a time slot
  await page.getByRole('button', { name: 'Leeftijdsgroepen en tijdsloten' }).click();
  const groups = page.getByRole('dialog', { name: 'Leeftijdsgroepen en tijdsloten' });
  await expect(groups).toBeVisible();
  await groups.getByRole('button', { name: 'Leeftijdsgroep toevoegen' }).click();
  const ageForm = groups.getByRole('form', { name: 'Nieuwe leeftijdsgroep' });
  await ageForm.getByRole('textbox', { name: 'Naam', exact: true }).fill('Jongeren');
  await ageForm.getByRole('textbox', { name: /Minimumleeftijd/ }).fill('16');
  await ageForm.getByRole('textbox', { name: /Maximumleeftijd/ }).fill('23');
  await ageForm.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText('Leeftijdsgroep Jongeren is toegevoegd.')).toBeVisible();
  const ageRow = groups
    .getByRole('table', { name: 'Leeftijdsgroepen' })
    .getByRole('row', { name: /Jongeren/ });
  await expect(ageRow).toContainText('16 t/m 23 jaar');
  await expect(ageRow).toContainText('0 abonnementen');

  await groups.getByRole('tab', { name: 'Tijdsloten' }).click();
  await groups.getByRole('button', { name: 'Tijdslot toevoegen' }).click();
  const slotForm = groups.getByRole('form', { name: 'Nieuw tijdslot' });
  await slotForm.getByRole('textbox', { name: 'Naam', exact: true }).fill('Ochtend');
  for (const day of ['Maandag', 'Woensdag', 'Vrijdag']) {
    await slotForm.getByRole('checkbox', { name: day }).check();
  }
  await slotForm.getByRole('textbox', { name: /Begintijd/ }).fill('07:00');
  await slotForm.getByRole('textbox', { name: /Eindtijd/ }).fill('12:00');
  await slotForm.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText('Tijdslot Ochtend is toegevoegd.')).toBeVisible();
  await expect(
    groups.getByRole('table', { name: 'Tijdsloten' }).getByRole('row', { name: /Ochtend/ }),
  ).toContainText('ma, wo, vr · 07:00–12:00');
  await groups.getByRole('button', { name: 'Sluiten' }).click();
  await expect(groups).toBeHidden();

  // ------------------------------------------------------------------ a subscription with two variants
  await page.getByRole('button', { name: 'Abonnement toevoegen' }).first().click();
  await expect(page).toHaveURL(/\/subscriptions\/new$/);
  const form = page.getByRole('form', { name: 'Abonnement toevoegen' });
  await form.getByRole('textbox', { name: 'Naam', exact: true }).fill('Jongerenfitness');
  await form.getByRole('textbox', { name: /Omschrijving/ }).fill('Fitness voor jongeren in de ochtend');
  await pickOption(page, /^Locaties/, 'Vitaal Utrecht Centrum');
  await pickOption(page, /^Leeftijdsgroepen/, 'Jongeren (16 t/m 23 jaar)');
  await pickOption(page, /^Tijdsloten/, 'Ochtend (ma, wo, vr · 07:00–12:00)');

  const first = form.getByRole('group', { name: 'Variant 1' });
  await first.getByRole('textbox', { name: /Naam van de variant/ }).fill('Jaarcontract');
  await first.getByRole('textbox', { name: /Prijs per periode/ }).fill('24,95');
  await first.getByRole('textbox', { name: /Eenmalige kosten/ }).click();
  await expect(first.getByText('€ 24,95 incl. btw · € 22,89 excl. btw (9%)')).toBeVisible();

  await form.getByRole('button', { name: 'Variant toevoegen' }).click();
  const second = form.getByRole('group', { name: 'Variant 2' });
  await second.getByRole('textbox', { name: /Naam van de variant/ }).fill('Tienrittenkaart');
  await second.getByRole('textbox', { name: /Prijs per periode/ }).fill('89');
  await choose(page, second, /^Toegang/, 'Beperkt (in totaal)');
  await second.getByRole('textbox', { name: /Aantal keer in totaal/ }).fill('10');
  await form.getByRole('button', { name: 'Toevoegen', exact: true }).click();

  await expect(page.getByText('Jongerenfitness is toegevoegd.')).toBeVisible();
  await expect(page).toHaveURL(/\/subscriptions\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jongerenfitness' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Variant 2' }).getByRole('textbox', { name: /Aantal keer in totaal/ }),
  ).toHaveValue('10 keer');
  await page.getByRole('tab', { name: 'Locaties' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/\d+\/locations$/);
  await expect(rows(page, 'Locaties van het abonnement')).toHaveText(['Vitaal Utrecht Centrum']);

  // ------------------------------------------------------------------ in the list, then deactivated
  await page.getByRole('button', { name: 'Terug naar abonnementen' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  const row = rows(page, 'Actieve abonnementen').filter({ hasText: 'Jongerenfitness' });
  await expect(row).toContainText('Doorlopend');
  await expect(row).toContainText('€ 24,95');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');

  // Active, so a member can take it out.
  expect(await offeredToTakeOut(page)).toContain('Jongerenfitness');

  await rows(page, 'Actieve abonnementen')
    .filter({ hasText: 'Jongerenfitness' })
    .getByText('Jongerenfitness')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jongerenfitness' })).toBeVisible();
  await page.getByRole('button', { name: 'Deactiveren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Abonnement deactiveren' });
  await expect(confirm).toContainText('Weet je zeker dat je Jongerenfitness wilt deactiveren?');
  await confirm.getByRole('button', { name: 'Annuleren' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Deactiveren' })).toBeVisible();

  await page.getByRole('button', { name: 'Deactiveren' }).click();
  await confirm.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByText('Jongerenfitness is gedeactiveerd.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activeren' })).toBeVisible();

  await page.getByRole('button', { name: 'Terug naar abonnementen' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await page.getByRole('tab', { name: /Inactief/ }).click();
  await expect(page).toHaveURL(/\/subscriptions\/inactive$/);
  await expect(rows(page, 'Inactieve abonnementen').filter({ hasText: 'Jongerenfitness' })).toBeVisible();
  // Not active: no longer offered to take out (the seeded one still is).
  const offered = await offeredToTakeOut(page);
  expect(offered).toContain('Onbeperkt fitness');
  expect(offered).not.toContain('Jongerenfitness');
  await page.getByRole('tab', { name: /Inactief/ }).click();

  // The age group is in use now: its delete is refused with the reason.
  await page.getByRole('button', { name: 'Leeftijdsgroepen en tijdsloten' }).click();
  await expect(groups.getByRole('row', { name: /Jongeren/ })).toContainText('1 abonnement');
  await groups.getByRole('button', { name: 'Verwijderen Jongeren' }).click();
  expectRefusal(page, 409, '/api/AgeGroup/');
  await groups.getByRole('button', { name: 'Verwijderen', exact: true }).click();
  const refusal = groups.getByRole('alert');
  await expect(refusal).toContainText('Leeftijdsgroep kan niet worden verwijderd');
  await expect(refusal).toContainText(
    'Deze leeftijdsgroep wordt nog door een abonnement gebruikt; haal hem daar eerst weg',
  );
  await expect(groups.getByRole('row', { name: /Jongeren/ })).toBeVisible();
});
