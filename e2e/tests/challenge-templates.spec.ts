import { solidPng } from '../support/images';
import { mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

test('an admin adds a picture, builds a template in four steps, finds it and switches it off', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Unique, so that the journey runs again against the same server.
  const run = Date.now().toString(36);
  const fileName = `zonsopgang-${run}.png`;
  const name = `Twee keer per week hardlopen ${run}`;

  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);

  // ------------------------------------------------------------------------- a picture for the bank
  await mainMenu(page).getByRole('link', { name: 'Afbeeldingenbank' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Afbeeldingenbank' })).toBeVisible();
  await page.getByRole('button', { name: 'Afbeelding toevoegen' }).click();
  const addPicture = page.getByRole('dialog', { name: 'Afbeelding toevoegen' });
  await expect(addPicture).toBeVisible();
  // Not an image first: refused with a clear message.
  await addPicture.locator('input[type="file"]').setInputFiles({
    name: 'notities.png',
    mimeType: 'image/png',
    buffer: Buffer.from('dit is geen afbeelding'),
  });
  await addPicture.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(
    addPicture.getByText('Dit bestand is geen afbeelding. Kies een PNG, JPEG of WebP.'),
  ).toBeVisible();

  await addPicture.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'image/png',
    buffer: solidPng(600, 300, [255, 140, 40]),
  });
  await addPicture.getByText('Bewegen', { exact: true }).click();
  await addPicture.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText(`${fileName} is toegevoegd`)).toBeVisible();
  await expect(addPicture).toBeHidden();

  // ------------------------------------------------------------------------------ the four steps
  await mainMenu(page).getByRole('link', { name: 'Challenge-sjablonen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Challenge-sjablonen' })).toBeVisible();
  await page.getByRole('button', { name: 'Sjabloon toevoegen' }).click();
  const wizard = page.getByRole('dialog', { name: 'Sjabloon toevoegen' });
  await expect(wizard).toBeVisible();

  // 1 Theme: Movement gives Distance in Meter and Walk; Run and Kilometer instead.
  await expect(wizard.getByRole('radio', { name: /Bewegen/ })).toBeChecked();
  await expect(wizard.getByRole('combobox', { name: 'Meeteenheid' })).toHaveValue('Afstand');
  await expect(wizard.getByRole('combobox', { name: 'Eenheid', exact: true })).toHaveValue('Meter');
  await wizard.getByRole('combobox', { name: 'Eenheid', exact: true }).click();
  await page.getByRole('option', { name: 'Kilometer', exact: true }).click();
  await wizard.getByRole('combobox', { name: 'Activiteit' }).click();
  await page.getByRole('option', { name: 'Hardlopen', exact: true }).click();
  await wizard.getByRole('button', { name: 'Volgende', exact: true }).click();

  // 2 Banner: a picture of the theme is required; pick the new one.
  await expect(wizard.getByText('Afbeeldingen uit de beeldbank (Bewegen)')).toBeVisible();
  await wizard.getByRole('button', { name: 'Volgende', exact: true }).click();
  await expect(wizard.getByText('Kies een afbeelding of upload een banner')).toBeVisible();
  await wizard.getByRole('button', { name: `${fileName} als banner kiezen` }).click();
  await wizard.getByRole('button', { name: 'Volgende', exact: true }).click();

  // 3 Settings: a reward of 0 and no name are refused on their fields.
  await expect(wizard.getByRole('textbox', { name: 'Naam' })).toBeVisible();
  await wizard.getByRole('textbox', { name: 'Beloning (XP)' }).fill('0');
  // Leaving the field shows its error (and moves the button below it down) before the click.
  await wizard.getByRole('textbox', { name: 'Beloning (XP)' }).press('Tab');
  await expect(wizard.getByText('Moet groter zijn dan 0')).toBeVisible();
  await wizard.getByRole('button', { name: 'Volgende', exact: true }).click();
  await expect(wizard.getByRole('textbox', { name: 'Naam' })).toHaveAccessibleDescription(
    'Dit veld is verplicht',
  );
  await wizard.getByRole('textbox', { name: 'Naam' }).fill(name);
  await wizard
    .getByRole('textbox', { name: 'Omschrijving', exact: true })
    .fill('Ren twee keer per week vijf kilometer.');
  await wizard.getByRole('textbox', { name: 'Te behalen hoeveelheid' }).fill('5');
  await wizard.getByRole('textbox', { name: 'Beloning (XP)' }).fill('40');
  await wizard.getByRole('combobox', { name: 'Periode om te voltooien' }).click();
  await page.getByRole('option', { name: 'Per week', exact: true }).click();
  await wizard.getByRole('textbox', { name: 'Aantal periodes om te voltooien' }).fill('4');
  await wizard.getByRole('button', { name: 'Volgende', exact: true }).click();

  // 4 Summary with the status, Published by default.
  await expect(wizard.getByRole('heading', { name })).toBeVisible();
  await expect(wizard.getByRole('img', { name: 'Banner' })).toBeVisible();
  const summary = wizard.getByRole('table', { name: 'Overzicht' });
  await expect(summary.getByRole('row', { name: 'Activiteit Hardlopen' })).toBeVisible();
  await expect(summary.getByRole('row', { name: 'Voltooien 4 keer per week' })).toBeVisible();
  await expect(summary.getByRole('row', { name: 'Te behalen hoeveelheid 5 Kilometer' })).toBeVisible();
  await expect(summary.getByRole('row', { name: /^Beloning \(XP\) 40 XP$/ })).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Status' })).toHaveValue('Gepubliceerd');
  await wizard.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByText(`${name} is toegevoegd`)).toBeVisible();
  await expect(wizard).toBeHidden();

  // ----------------------------------------------------------------------- in the list, switched off
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(run);
  const row = rows(page, 'Challenge-sjablonen').filter({ hasText: name });
  await expect(rows(page, 'Challenge-sjablonen')).toHaveCount(1);
  await expect(row).toContainText('Bewegen');
  await expect(row).toContainText('Gepubliceerd');
  // The banner's thumbnail (decorative: the name is in the row).
  await expect(row.locator('img')).toHaveAttribute('src', /\/cdn\/[0-9a-f]+/);
  const active = row.getByRole('switch', { name: `${name} actief` });
  await expect(active).toBeChecked();
  // By keyboard, as the switch's own input sits under its track.
  await active.press('Space');
  await expect(page.getByText(`${name} staat uit`)).toBeVisible();
  await expect(active).not.toBeChecked();

  await page.reload();
  await expect(
    rows(page, 'Challenge-sjablonen')
      .filter({ hasText: name })
      .getByRole('switch', { name: `${name} actief` }),
  ).not.toBeChecked();
});
