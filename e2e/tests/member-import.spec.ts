import { asGymEmployee, subscriptionAtUtrecht } from '../support/api-data';
import { mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';
import { xlsxOf } from '../support/xlsx';

const HEADER = [
  'voornaam',
  'tussenvoegsel',
  'achternaam',
  'e-mail',
  'telefoon',
  'geslacht',
  'geboortedatum',
  'straat',
  'huisnummer',
  'postcode',
  'plaats',
  'abonnement',
  'variant',
  'locatie',
  'startdatum',
  'IBAN',
  'rekeninghouder',
  'mandaatkenmerk',
  'ondertekend op',
];

test('the gym employee checks a file of 22 members, sees the two refused rows, imports 20 and nobody twice', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const subscription = `Overstap ${run}`;
  await asGymEmployee(baseURL!, (gym) => subscriptionAtUtrecht(gym, subscription));

  // Two refused rows first (an address that is none, a subscription the gym does not have), then 20 members.
  const member = (n: number, patch: Record<number, string> = {}) => {
    const cells = [
      `Lid${n}`,
      n % 3 === 0 ? 'van' : '',
      `Overstap${run}`,
      `lid${n}.${run}@import.test`,
      '06 12345678',
      n % 2 === 0 ? 'V' : 'M',
      `${String((n % 28) + 1).padStart(2, '0')}-05-1990`,
      'Oudegracht',
      String(n),
      '3511 AB',
      'Utrecht',
      subscription,
      'Maandcontract',
      'Vitaal Utrecht Centrum',
      '01-11-2026',
      n % 2 === 0 ? 'NL91 ABNA 0417 1643 00' : '',
      n % 2 === 0 ? `Lid${n} Overstap` : '',
      n % 2 === 0 ? `LID-${run}-${n}` : '',
      n % 2 === 0 ? '15-10-2026' : '',
    ];
    for (const [column, text] of Object.entries(patch)) cells[Number(column)] = text;
    return cells;
  };
  const file = {
    name: 'leden-overstap.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsxOf([
      HEADER,
      member(101, { 3: 'geen-adres' }),
      member(102, { 11: 'Bestaat niet' }),
      ...Array.from({ length: 20 }, (_, index) => member(index + 1)),
    ]),
  };

  await signIn(page, 'gym@example.com');
  await mainMenu(page).getByRole('link', { name: 'Leden' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leden' })).toBeVisible();

  // ------------------------------------------------------------------ the check
  await page.getByRole('button', { name: 'Leden importeren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leden importeren' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: 'Voorbeeldbestand downloaden (leden_importeren_voorbeeld.xlsx)' }),
  ).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByText('leden-overstap.xlsx')).toBeVisible();
  await page.screenshot({ path: 'test-results/member-import-file.png' });
  await dialog.getByRole('button', { name: 'Controleren' }).click();

  const checked = dialog.getByRole('table', { name: 'Gecontroleerde rijen' });
  await expect(checked).toBeVisible();
  await expect(
    dialog.getByText('22 rijen: 20 kunnen worden geïmporteerd · 0 bestaan al · 2 met fouten'),
  ).toBeVisible();
  const first = checked.getByRole('row', { name: /Lid101/ });
  await expect(first).toContainText('2');
  await expect(first).toContainText('Fout');
  await expect(first).toContainText('e-mail: Vul een geldig e-mailadres in');
  const second = checked.getByRole('row', { name: /Lid102/ });
  await expect(second).toContainText('abonnement: Er is geen abonnement met deze naam');
  await expect(checked.getByRole('row', { name: new RegExp(`Lid1 Overstap${run}`) })).toContainText('Goed');
  // Only the refused rows.
  await dialog.getByText('Met fouten (2)').click();
  await expect(checked.getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/member-import-check.png' });
  await dialog.getByText('Alle rijen (22)').click();
  await expect(checked.getByRole('row')).toHaveCount(23);

  // ------------------------------------------------------------------ the import
  await dialog.getByRole('button', { name: 'Importeren (20)' }).click();
  const done = dialog.getByRole('status');
  await expect(done).toContainText('Import klaar');
  await expect(done).toContainText('22 rijen: 20 leden aangemaakt · 0 bestaan al · 2 met fouten');
  const result = dialog.getByRole('table', { name: 'Geïmporteerde rijen' });
  await expect(result.getByRole('row', { name: new RegExp(`Lid7 Overstap${run}`) })).toContainText(
    'Aangemaakt',
  );
  await page.screenshot({ path: 'test-results/member-import-done.png' });
  await dialog.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(dialog).toBeHidden();

  // The members are in the list, with their subscription.
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(`Overstap${run}`);
  await expect(page.getByRole('tab', { name: /^Alle/ })).toContainText('20');
  await expect(rows(page, 'Alle leden').filter({ hasText: `Lid7 Overstap${run}` })).toContainText(
    subscription,
  );

  // ------------------------------------------------------------------ the same file again: nobody twice
  await page.getByRole('button', { name: 'Leden importeren' }).click();
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Controleren' }).click();
  await expect(
    dialog.getByText('22 rijen: 0 kunnen worden geïmporteerd · 20 bestaan al · 2 met fouten'),
  ).toBeVisible();
  await expect(checked.getByRole('row', { name: new RegExp(`Lid7 Overstap${run}`) })).toContainText(
    'Bestaat alEr is al een lid met dit e-mailadres; deze rij wordt overgeslagen.',
  );
  await expect(dialog.getByText('Geen enkele rij in dit bestand kan worden geïmporteerd.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importeren (0)' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: /^Alle/ })).toContainText('20');
});
