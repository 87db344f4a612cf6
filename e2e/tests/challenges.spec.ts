import { expectListLoaded, mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/** A date as the date inputs take it (DD-MM-YYYY), some days from today. */
const inDays = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
};

test('a location employee starts a challenge from a template, fixing a too-short period', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const template = 'Dagelijks vijf kilometer wandelen';

  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);
  await mainMenu(page).getByRole('link', { name: 'Challenges' }).click();
  await expect(page).toHaveURL(/\/location\/challenges$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();
  await expectListLoaded(page, 'Challenges');
  const before = await rows(page, 'Challenges').filter({ hasText: template }).count();

  // The templates, the most used first; this one asks to walk every day for 30 days.
  await page.getByRole('button', { name: 'Challenge toevoegen' }).click();
  // One modal: the template first, then the form, then the confirmation.
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Kies een sjabloon' })).toBeVisible();
  await expect(modal.getByRole('button', { name: `${template} kiezen` })).toContainText(
    'Voltooien in 30 dagen',
  );
  await modal.getByRole('button', { name: `${template} kiezen` }).click();
  await expect(modal.getByRole('heading', { name: 'Nieuwe challenge' })).toBeVisible();
  await expect(modal.getByRole('region', { name: 'Sjabloon' })).toContainText(
    'De actieve periode duurt minstens 30 dagen',
  );

  // An active period of a few days is too short for 30 days of walking.
  const reward = modal.getByRole('textbox', { name: 'Beloning (XP)' });
  await expect(reward).toHaveValue('50 XP');
  await reward.fill('75');
  await modal.getByRole('switch', { name: 'Vaste actieve periode' }).press('Space');
  const start = modal.getByRole('textbox', { name: 'Startdatum' });
  const end = modal.getByRole('textbox', { name: 'Einddatum' });
  await start.fill(inDays(1));
  await start.press('Tab');
  await end.fill(inDays(7));
  await end.press('Tab');
  await modal.getByRole('button', { name: 'Challenge toevoegen' }).click();
  await expect(end).toHaveAccessibleDescription(/De actieve periode is te kort voor dit sjabloon/);

  // Thirty days, both counted, is enough.
  await end.fill(inDays(30));
  await end.press('Tab');
  await expect(modal.getByText('De actieve periode is te kort voor dit sjabloon')).toBeHidden();
  await modal.getByRole('button', { name: 'Challenge toevoegen' }).click();
  await expect(modal.getByText('Challenge toegevoegd')).toBeVisible();
  await expect(modal.getByText(`De challenge ${template} is toegevoegd.`)).toBeVisible();
  await modal.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(modal).toBeHidden();

  // Listed, active, with its reward and period.
  const added = rows(page, 'Challenges').filter({ hasText: template }).filter({ hasText: '75 XP' });
  await expect(rows(page, 'Challenges').filter({ hasText: template })).toHaveCount(before + 1);
  await expect(added).toContainText(`${inDays(1)} t/m ${inDays(30)}`);
  await expect(added.getByRole('switch', { name: `${template} actief` })).toBeChecked();
});
