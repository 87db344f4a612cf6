import { signIn } from '../support/session';
import { pick } from '../support/switchers';
import { expect, expectRefusal, type Page, test } from '../support/test';

/** The rows of a list's table, without its header row. */
const rows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });

test('an admin sets up a new gym with a location, its settings and opening hours', async ({ page }) => {
  test.setTimeout(180_000);
  // Unique, so that the journey runs again against the same server.
  const run = Date.now().toString(36);
  const gymName = `Sportschool Noorderlicht ${run}`;
  const gymSlug = `noorderlicht-${run}`;
  const locationName = `Noorderlicht Groningen ${run}`;
  const locationSlug = `groningen-${run}`;
  const apiKey = `test_${`Ab3dEf6hJk9mNp2rSt5vWx8zQ${run}`.slice(0, 30)}`;
  expect(apiKey).toMatch(/^test_[A-Za-z0-9]{30}$/);
  const lastFour = apiKey.slice(-4);

  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);

  // ---------------------------------------------------------------------------------------- a new gym
  await mainMenu(page).getByRole('link', { name: 'Sportscholen' }).click();
  await expect(page).toHaveURL(/\/admin\/gyms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sportscholen' })).toBeVisible();
  await expect(rows(page, 'Sportscholen').filter({ hasText: 'Vitaal Sportcentra' })).toBeVisible();

  await page.getByRole('button', { name: 'Toevoegen' }).click();
  const addGym = page.getByRole('dialog', { name: 'Sportschool toevoegen' });
  await expect(addGym).toBeVisible();
  await addGym.getByRole('textbox', { name: 'Naam' }).fill(gymName);
  // The slug follows the name until it is typed in; 'vitaal' belongs to a demo gym.
  await expect(addGym.getByRole('textbox', { name: 'Slug' })).toHaveValue(`sportschool-noorderlicht-${run}`);
  await addGym.getByRole('textbox', { name: 'Slug' }).fill('vitaal');
  await expect(addGym.getByText('/inschrijven/vitaal', { exact: true })).toBeVisible();
  expectRefusal(page, 409, '/api/Gym');
  await addGym.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addGym.getByText('Deze slug is al in gebruik bij een andere sportschool')).toBeVisible();
  await expect(addGym.getByRole('textbox', { name: 'Slug' })).toHaveAttribute('aria-invalid', 'true');

  await addGym.getByRole('textbox', { name: 'Slug' }).fill(gymSlug);
  await addGym.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText(`${gymName} is toegevoegd.`)).toBeVisible();
  await expect(addGym).toBeHidden();

  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(gymSlug);
  await expect(rows(page, 'Sportscholen')).toHaveCount(1);
  const gymRow = rows(page, 'Sportscholen').filter({ hasText: gymName });
  await expect(gymRow).toContainText(gymSlug);

  // -------------------------------------------------------------- the gym environment of the new gym
  await pick(page, 'Omgeving', 'Sportschool');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await pick(page, 'Sportschool', gymName);
  await expect(
    page.getByRole('banner').getByRole('combobox', { name: 'Sportschool', exact: true }),
  ).toHaveValue(gymName);

  await mainMenu(page).getByRole('link', { name: 'Locaties' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Locaties' })).toBeVisible();
  await expect(page.getByText('Er is niets om te tonen')).toBeVisible();

  // ------------------------------------------------------------------------------------ a new location
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  const addLocation = page.getByRole('dialog', { name: 'Locatie toevoegen' });
  await expect(addLocation).toBeVisible();
  await addLocation.getByRole('textbox', { name: 'Naam' }).fill(locationName);
  await addLocation.getByRole('textbox', { name: 'Slug' }).fill(locationSlug);
  await addLocation.getByRole('textbox', { name: 'Straat' }).fill('Grote Markt');
  await addLocation.getByRole('textbox', { name: 'Huisnummer' }).fill('1');
  await addLocation.getByRole('textbox', { name: 'Postcode' }).fill('9711');
  await addLocation.getByRole('textbox', { name: 'Plaats' }).fill('Groningen');
  await addLocation.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addLocation.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription(
    'Vul een geldige postcode in (1234 AB)',
  );

  await addLocation.getByRole('textbox', { name: 'Postcode' }).fill('9711 lm');
  await expect(addLocation.getByText('Vul een geldige postcode in (1234 AB)')).toBeHidden();
  await addLocation.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText(`${locationName} is toegevoegd.`)).toBeVisible();
  await expect(addLocation).toBeHidden();
  // Adding opens the new location.
  await expect(page).toHaveURL(/\/locations\/\d+\/general$/);
  await expect(page.getByRole('heading', { level: 1, name: locationName })).toBeVisible();
  // The header's location switcher offers it at once.
  const locationSwitcher = page.getByRole('banner').getByRole('combobox', { name: 'Locatie', exact: true });
  await expect(locationSwitcher).toHaveValue('Hoofdlocatie');
  await locationSwitcher.click();
  await expect(page.getByRole('option', { name: locationName, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: locationName, exact: true })).toBeHidden();

  // It is in the list, and opens from there.
  await mainMenu(page).getByRole('link', { name: 'Locaties' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  const locationRow = rows(page, 'Locaties').filter({ hasText: locationName });
  await expect(rows(page, 'Locaties')).toHaveCount(1);
  await expect(locationRow).toContainText('Grote Markt 1, 9711 LM Groningen');
  await locationRow.getByText(locationName).click();
  await expect(page).toHaveURL(/\/locations\/\d+\/general$/);
  await expect(page.getByRole('heading', { level: 1, name: locationName })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Onderdelen van de locatie' });

  // ----------------------------------------------------------------------------- status requirements
  await tabs.getByRole('tab', { name: 'Statusvereisten' }).click();
  await expect(page).toHaveURL(/\/locations\/\d+\/statusRequirements$/);
  const statusForm = page.getByRole('form', { name: 'Statusvereisten' });
  const nonActive = statusForm.getByRole('textbox', { name: 'Non-actief na' });
  const sleeping = statusForm.getByRole('textbox', { name: 'Slapend na' });
  await nonActive.fill('30');
  await sleeping.fill('20');
  await statusForm.getByRole('button', { name: 'Opslaan' }).click();
  await expect(statusForm.getByText('Slapend moet meer dagen zijn dan non-actief')).toBeVisible();
  await sleeping.fill('90');
  await expect(statusForm.getByText('Slapend moet meer dagen zijn dan non-actief')).toBeHidden();
  await statusForm.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De statusvereisten zijn opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Non-actief na' })).toHaveValue('30 dagen');
  await expect(page.getByRole('textbox', { name: 'Slapend na' })).toHaveValue('90 dagen');

  // -------------------------------------------------------------------------------- payment provider
  await tabs.getByRole('tab', { name: 'Betaalprovider' }).click();
  await expect(page).toHaveURL(/\/locations\/\d+\/paymentProvider$/);
  const paymentForm = page.getByRole('form', { name: 'Betaalprovider' });
  await expect(
    paymentForm.getByText('Er is nog geen betaalprovider ingesteld.', { exact: false }),
  ).toBeVisible();
  await paymentForm.getByRole('textbox', { name: 'API-sleutel' }).fill('test_kort');
  await paymentForm.getByRole('button', { name: 'Betaalprovider opslaan' }).click();
  const keyFormatError =
    'Vul een Mollie API-sleutel in: test_ of live_ gevolgd door minstens 30 letters en cijfers';
  await expect(paymentForm.getByText(keyFormatError)).toBeVisible();

  await paymentForm.getByRole('textbox', { name: 'API-sleutel' }).fill(apiKey);
  await expect(paymentForm.getByText(keyFormatError)).toBeHidden();
  await paymentForm.getByRole('button', { name: 'Betaalprovider opslaan' }).click();
  await expect(page.getByText('De betaalprovider is opgeslagen.')).toBeVisible();
  // Only the last four characters are shown; the key itself is nowhere on the page.
  await expect(paymentForm.getByTestId('masked-key')).toHaveText(`test_••••••••${lastFour}`);
  await expect(paymentForm.getByRole('textbox', { name: 'Nieuwe API-sleutel' })).toHaveValue('');
  await expect(paymentForm.getByRole('button', { name: 'Sleutel vervangen' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(apiKey);
  await expect(page.locator('body')).not.toContainText(apiKey.slice(5, -4));
  await page.reload();
  await expect(page.getByTestId('masked-key')).toHaveText(`test_••••••••${lastFour}`);
  await expect(page.locator('body')).not.toContainText(apiKey.slice(5, -4));

  // --------------------------------------------------------- the location environment: opening hours
  await pick(page, 'Locatie', locationName);
  await expect(page).toHaveURL(/\/location$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(locationName);
  await mainMenu(page).getByRole('link', { name: 'Instellingen' }).click();
  await page
    .getByRole('tablist', { name: 'Onderdelen van de locatie' })
    .getByRole('tab', { name: 'Openingstijden' })
    .click();
  await expect(page).toHaveURL(/\/location\/settings\/openingHours$/);
  const hours = page.getByRole('form', { name: 'Openingstijden' });
  const time = (label: string) => hours.getByRole('textbox', { name: label, exact: true });
  const closedOn = (day: string) => hours.getByRole('switch', { name: `Gesloten op ${day}` });

  // A new location is closed every day.
  for (const day of ['Maandag', 'Dinsdag', 'Zondag']) await expect(closedOn(day)).toBeChecked();

  // Monday: two ranges that overlap first.
  await closedOn('Maandag').setChecked(false);
  await expect(time('Maandag, tijdvak 1, van')).toHaveValue('09:00');
  await time('Maandag, tijdvak 1, tot').fill('13:00');
  await hours.getByRole('button', { name: 'Tijdvak toevoegen aan Maandag' }).click();
  await time('Maandag, tijdvak 2, van').fill('12:00');
  await time('Maandag, tijdvak 2, tot').fill('18:00');
  // Tuesday: open all day, then closed after all; Wednesday open.
  await closedOn('Dinsdag').setChecked(false);
  await expect(time('Dinsdag, tijdvak 1, van')).toBeVisible();
  await closedOn('Dinsdag').setChecked(true);
  await expect(time('Dinsdag, tijdvak 1, van')).toHaveCount(0);
  await closedOn('Woensdag').setChecked(false);
  await time('Woensdag, tijdvak 1, van').fill('0700');
  await time('Woensdag, tijdvak 1, tot').fill('22:00');
  await expect(time('Woensdag, tijdvak 1, van')).toHaveValue('07:00');

  await hours.getByRole('button', { name: 'Opslaan' }).click();
  const overlap = 'Dit tijdvak overlapt met een ander tijdvak op deze dag';
  await expect(
    hours.getByRole('group', { name: 'Maandag, tijdvak 2', exact: true }).getByText(overlap),
  ).toBeVisible();
  await expect(time('Maandag, tijdvak 2, van')).toHaveAccessibleDescription(overlap);
  await expect(page.getByText('De openingstijden zijn opgeslagen.')).toBeHidden();

  await time('Maandag, tijdvak 2, van').fill('14:00');
  await expect(hours.getByText(overlap)).toBeHidden();
  await hours.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De openingstijden zijn opgeslagen.')).toBeVisible();

  // Kept after a reload.
  await page.reload();
  await expect(time('Maandag, tijdvak 1, van')).toHaveValue('09:00');
  await expect(time('Maandag, tijdvak 1, tot')).toHaveValue('13:00');
  await expect(time('Maandag, tijdvak 2, van')).toHaveValue('14:00');
  await expect(time('Maandag, tijdvak 2, tot')).toHaveValue('18:00');
  await expect(closedOn('Maandag')).not.toBeChecked();
  await expect(closedOn('Dinsdag')).toBeChecked();
  await expect(time('Woensdag, tijdvak 1, van')).toHaveValue('07:00');
  await expect(time('Woensdag, tijdvak 1, tot')).toHaveValue('22:00');
  for (const day of ['Dinsdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag']) {
    await expect(closedOn(day)).toBeChecked();
  }
});
