import { signIn } from '../support/session';
import { expect, expectRefusal, type Page, test } from '../support/test';

/** The rows of the rooms table, without its header row. */
const roomRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Zalen en buitenlocaties' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });
const roomRow = (page: Page, name: string) => roomRows(page).filter({ hasText: name });

test('a location employee adds, finds, edits and deletes a room', async ({ page }) => {
  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);

  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Zalen en buitenlocaties' })
    .click();
  await expect(page).toHaveURL(/\/location\/areas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zalen en buitenlocaties' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Naam' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Adres' })).toBeVisible();
  await expect(roomRows(page)).toHaveCount(3);
  await expect(roomRow(page, 'Grote zaal')).toContainText('Gelijk aan locatie');
  await expect(roomRow(page, 'Spinningzaal')).toContainText('Gelijk aan locatie');
  await expect(roomRow(page, 'Bootcamp Griftpark')).toContainText('Griftpark 1, 3514 EZ Utrecht');

  // Add: a room with its own address; a wrong postal code first.
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Nieuwe zaal of buitenlocatie toevoegen' });
  await expect(addDialog).toBeVisible();
  await addDialog.getByRole('textbox', { name: 'Naam' }).fill('Dakterras');
  const sameAddress = addDialog.getByRole('switch', { name: 'Zelfde adres als locatie' });
  await expect(sameAddress).toBeChecked();
  await sameAddress.setChecked(false);
  await addDialog.getByRole('textbox', { name: 'Straat' }).fill('Oudegracht');
  await addDialog.getByRole('textbox', { name: 'Huisnummer' }).fill('99');
  await addDialog.getByRole('textbox', { name: 'Postcode' }).fill('3511');
  await addDialog.getByRole('textbox', { name: 'Plaats' }).fill('Utrecht');
  await addDialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addDialog.getByText('Vul een geldige postcode in (1234 AB)')).toBeVisible();
  await expect(addDialog.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription(
    'Vul een geldige postcode in (1234 AB)',
  );

  await addDialog.getByRole('textbox', { name: 'Postcode' }).fill('3511 ab');
  await expect(addDialog.getByText('Vul een geldige postcode in (1234 AB)')).toBeHidden();
  await addDialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addDialog.getByText('Dakterras is toegevoegd aan de zalen en buitenlocaties.')).toBeVisible();
  await addDialog.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(addDialog).toBeHidden();
  await expect(roomRows(page)).toHaveCount(4);
  await expect(roomRow(page, 'Dakterras')).toContainText('Oudegracht 99, 3511 AB Utrecht');

  // The same name again is refused by the server, on the name field.
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  await addDialog.getByRole('textbox', { name: 'Naam' }).fill('dakterras');
  expectRefusal(page, 409, '/api/LocationArea');
  await addDialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addDialog.getByRole('textbox', { name: 'Naam' })).toHaveAccessibleDescription(
    'Er is al een zaal of buitenlocatie met deze naam',
  );
  await addDialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(addDialog).toBeHidden();

  // Find it.
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('dakter');
  await expect(page).toHaveURL(/search=dakter/);
  await expect(roomRows(page)).toHaveCount(1);
  await expect(roomRow(page, 'Dakterras')).toBeVisible();

  // Edit: the panel has its own address, survives a reload, and asks before dropping changes.
  await roomRow(page, 'Dakterras').getByText('Dakterras').click();
  const panel = page.getByRole('dialog', { name: 'Zaal of buitenlocatie bewerken' });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/\/location\/areas\/\d+\?search=dakter$/);
  await page.reload();
  await expect(panel.getByRole('textbox', { name: 'Naam' })).toHaveValue('Dakterras');
  await expect(panel.getByRole('textbox', { name: 'Postcode' })).toHaveValue('3511 AB');

  await panel.getByRole('textbox', { name: 'Naam' }).fill('Dakterras Noord');
  await panel.getByRole('button', { name: 'Sluiten' }).click();
  const unsaved = page.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Annuleren' }).click();
  await expect(panel.getByRole('textbox', { name: 'Naam' })).toHaveValue('Dakterras Noord');
  await panel.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De wijzigingen in Dakterras Noord zijn opgeslagen.')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/location\/areas\?search=dakter$/);
  await expect(roomRow(page, 'Dakterras Noord')).toBeVisible();

  // Delete, after a cancelled first try.
  await page.getByRole('button', { name: 'Verwijderen Dakterras Noord' }).click();
  const confirm = page.getByRole('dialog', { name: 'Zaal of buitenlocatie verwijderen' });
  await expect(confirm).toContainText('Weet je zeker dat je Dakterras Noord wilt verwijderen?');
  await confirm.getByRole('button', { name: 'Annuleren' }).click();
  await expect(confirm).toBeHidden();
  await expect(roomRow(page, 'Dakterras Noord')).toBeVisible();

  await page.getByRole('button', { name: 'Verwijderen Dakterras Noord' }).click();
  await confirm.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByText('Dakterras Noord is verwijderd.')).toBeVisible();
  await expect(roomRow(page, 'Dakterras Noord')).toHaveCount(0);
  await expect(page.getByText('Er is niets om te tonen')).toBeVisible();

  await page.getByRole('button', { name: 'Filters wissen' }).click();
  await expect(page).toHaveURL(/\/location\/areas$/);
  await expect(roomRows(page)).toHaveCount(3);
  await expect(page.getByText('Dakterras')).toHaveCount(0);
});

test('the rooms list sorts by name and by address through the URL', async ({ page }) => {
  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);
  await page.goto('/location/areas');
  await expect(roomRows(page)).toHaveCount(3);
  await expect(roomRows(page).first()).toContainText('Bootcamp Griftpark');

  await page.getByRole('button', { name: 'Naam' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await page.getByRole('button', { name: 'Naam' }).click();
  await expect(page).toHaveURL(/direction=desc/);
  await expect(roomRows(page).first()).toContainText('Spinningzaal');

  await page.getByRole('button', { name: 'Adres' }).click();
  await expect(page).toHaveURL(/sort=address/);
  // Rooms at the location's own address come first, then the ones with an address of their own.
  await expect(roomRows(page).last()).toContainText('Bootcamp Griftpark');
});
