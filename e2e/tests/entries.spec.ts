import { readFileSync } from 'node:fs';
import { asGymEmployee, data, subscriptionAtUtrecht } from '../support/api-data';
import { mainMenu, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/** Today in the Netherlands, YYYY-MM-DD. */
const dutchToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());

/**
 * Through the API, as the demo gym employee: a subscription offered at Vitaal Utrecht Centrum and a member
 * of that location with a membership of it from today (what the gym employee's journeys do on screen).
 */
function memberWithMembership(baseURL: string): Promise<string> {
  const run = Date.now().toString(36);
  return asGymEmployee(baseURL, async (gym) => {
    const subscription = await subscriptionAtUtrecht(gym, `Fitness entree ${run}`);
    const member = await data<{ id: number; fullName: string }>(
      await gym.api.post('/api/Member', {
        data: { firstName: 'Noor', lastName: `Brouwer${run}`, homeLocationId: gym.utrechtId },
      }),
    );
    await data(
      await gym.api.post(`/api/Member/${member.id}/Membership`, {
        data: {
          subscriptionId: subscription.id,
          variantId: subscription.variants[0]!.id,
          locationId: gym.utrechtId,
          startDate: dutchToday(),
        },
      }),
    );
    return member.fullName;
  });
}

test('the location employee registers an entry, sees the member inside, records the exit and sees the entry', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = await memberWithMembership(baseURL!);
  const lastName = name.split(' ').at(-1)!;

  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);

  // ------------------------------------------------------------------ register the entry at the desk
  await mainMenu(page).getByRole('link', { name: 'Entrees' }).click();
  await expect(page).toHaveURL(/\/location\/entries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrees' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Entrees/, selected: true })).toBeVisible();

  await page.getByRole('button', { name: 'Entree registreren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entree registreren' });
  await expect(dialog).toBeVisible();
  const member = dialog.getByRole('combobox', { name: /^Lid/ });
  await member.fill(lastName);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(member).toHaveValue(name);
  // Today and now are filled in; the member is still inside (no exit time).
  await expect(dialog.getByRole('textbox', { name: /Binnenkomst/ })).toHaveValue(/^\d\d:\d\d$/);
  await dialog.getByRole('button', { name: 'Registreren' }).click();
  await expect(dialog.getByText(`De entree van ${name} is geregistreerd.`)).toBeVisible();
  await dialog.getByRole('status').getByRole('button', { name: 'Sluiten' }).click();
  await expect(dialog).toBeHidden();

  const entryRow = rows(page, 'Entrees').filter({ hasText: name });
  await expect(entryRow).toContainText('Nog binnen');
  await expect(entryRow).toContainText('Balie');
  await expect(entryRow).toContainText('Fitness entree');

  // ------------------------------------------------------------------ inside now, and the exit
  await mainMenu(page).getByRole('link', { name: 'Binnen' }).click();
  await expect(page).toHaveURL(/\/location\/insideMembers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Binnen' })).toBeVisible();
  await expect(page.getByText(/^\d+ (lid|leden) binnen$/)).toBeVisible();
  const insideRow = rows(page, 'Leden die nu binnen zijn').filter({ hasText: name });
  await expect(insideRow).toBeVisible();
  await expect(insideRow.getByRole('link', { name })).toHaveAttribute('href', /\/location\/members\/\d+$/);

  await insideRow.getByRole('button', { name: `Uitchecken ${name}` }).click();
  await expect(page.getByText(new RegExp(`^${name} is uitgecheckt om \\d\\d:\\d\\d\\.$`))).toBeVisible();
  await expect(insideRow).toBeHidden();

  // ------------------------------------------------------------------ the entry in the list, with its exit
  await mainMenu(page).getByRole('link', { name: 'Entrees' }).click();
  await expect(page).toHaveURL(/\/location\/entries$/);
  const doneRow = rows(page, 'Entrees').filter({ hasText: name });
  await expect(doneRow).toBeVisible();
  await expect(doneRow).not.toContainText('Nog binnen');
  await expect(doneRow.getByRole('button', { name: /^Uitchecken/ })).toHaveCount(0);

  // The day's entries as a CSV file for Excel.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^entrees-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFLid;Datum;Binnenkomst;Vertrek;Abonnement;Bron');
  expect(csv).toContain(`${name};`);

  // The search finds it by the member's name; the refused check-ins have their own tab.
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(lastName);
  await expect(page).toHaveURL(new RegExp(`search=${lastName}`));
  await expect(rows(page, 'Entrees')).toHaveCount(1);
  await page.getByRole('tab', { name: /Geweigerd/ }).click();
  await expect(page).toHaveURL(/tab=refused/);
  await expect(page.getByRole('table', { name: 'Geweigerde check-ins' })).toBeVisible();

  // ------------------------------------------------------------------ the member: status and entries
  await mainMenu(page).getByRole('link', { name: 'Leden' }).click();
  await expect(page).toHaveURL(/\/location\/members/);
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(lastName);
  await expect(page).toHaveURL(new RegExp(`search=${lastName}`));
  const memberRow = rows(page, 'Alle leden').filter({ hasText: name });
  // Came in today: active.
  await expect(memberRow).toContainText('Actief');
  await memberRow.getByText(name).click();
  await expect(page).toHaveURL(/\/location\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Laatste bezoek /)).toBeVisible();
  await page.getByRole('tab', { name: 'Bezoeken' }).click();
  await expect(page).toHaveURL(/\/location\/members\/\d+\/entries/);
  await expect(rows(page, 'Bezoeken')).toHaveCount(1);
  await expect(rows(page, 'Bezoeken').first()).toContainText('Balie');
});

test('the location employee corrects the times of an entry and deletes it after a confirmation', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = await memberWithMembership(baseURL!);
  const lastName = name.split(' ').at(-1)!;
  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);
  await mainMenu(page).getByRole('link', { name: 'Entrees' }).click();
  await expect(page).toHaveURL(/\/location\/entries$/);

  // Registered earlier today, with an exit before the entry first (the form says so).
  await page.getByRole('button', { name: 'Entree registreren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entree registreren' });
  await dialog.getByRole('combobox', { name: /^Lid/ }).fill(lastName);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await dialog.getByRole('textbox', { name: /Binnenkomst/ }).fill('00:01');
  await dialog.getByRole('textbox', { name: /Vertrek/ }).fill('00:00');
  await dialog.getByRole('button', { name: 'Registreren' }).click();
  await expect(
    dialog.getByText('De tijd van vertrek mag niet voor de tijd van binnenkomst liggen'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: /Vertrek/ }).fill('00:02');
  await dialog.getByRole('button', { name: 'Registreren' }).click();
  await expect(dialog.getByText(`De entree van ${name} is geregistreerd.`)).toBeVisible();
  await dialog.getByRole('status').getByRole('button', { name: 'Sluiten' }).click();

  const row = rows(page, 'Entrees').filter({ hasText: name });
  await expect(row).toContainText('00:01');
  await expect(row).toContainText('00:02');

  // Corrected: the member left later.
  await row.getByRole('button', { name: `Bewerken ${name} 00:01` }).click();
  const edit = page.getByRole('dialog', { name: 'Entree bewerken' });
  await expect(edit.getByRole('textbox', { name: 'Lid' })).toHaveValue(name);
  await edit.getByRole('textbox', { name: /Vertrek/ }).fill('00:45');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit.getByText(`De entree van ${name} is opgeslagen.`)).toBeVisible();
  await edit.getByRole('status').getByRole('button', { name: 'Sluiten' }).click();
  await expect(row).toContainText('00:45');

  // Deleted after a confirmation.
  await row.getByRole('button', { name: `Verwijderen ${name} 00:01` }).click();
  const confirm = page.getByRole('dialog', { name: 'Entree verwijderen' });
  await expect(confirm).toContainText(`Weet je zeker dat je de entree van ${name} op`);
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText(`De entree van ${name} is verwijderd.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the location employee lets in a member the door refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);
  // The demo data's refused check-ins of the last 90 days at Vitaal Utrecht Centrum.
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(Date.now() - 90 * 86_400_000),
  );
  await page.goto(`/location/entries?tab=refused&from=${from}`);
  await expect(page.getByRole('tab', { name: /Geweigerd/, selected: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Alleen wie nog niet is toegelaten' })).toBeChecked();
  const refused = rows(page, 'Geweigerde check-ins');
  await expect(refused.first()).toContainText('Geweigerd');
  const letIn = refused.first().getByRole('button', { name: /^Toelaten / });
  const name = (await letIn.getAttribute('aria-label'))!.replace(/^Toelaten /, '');
  const openOfMember = refused.getByRole('button', { name: `Toelaten ${name}` });
  const before = await openOfMember.count();

  await letIn.click();
  const confirm = page.getByRole('dialog', { name: 'Lid toelaten' });
  await expect(confirm).toContainText(`Wil je ${name} toelaten?`);
  await confirm.getByRole('button', { name: 'Toelaten' }).click();
  await expect(page.getByText(`${name} is toegelaten.`)).toBeVisible();
  // Gone from the open refusals; with the others it shows as let in.
  await expect(openOfMember).toHaveCount(before - 1);
  await page.getByRole('switch', { name: 'Alleen wie nog niet is toegelaten' }).click();
  await expect(page).toHaveURL(/all=true/);
  await expect(refused.filter({ hasText: name }).filter({ hasText: 'Toegelaten' }).first()).toBeVisible();

  // The entry it made: inside now, let in.
  await mainMenu(page).getByRole('link', { name: 'Binnen' }).click();
  await expect(rows(page, 'Leden die nu binnen zijn').filter({ hasText: name })).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Entrees' }).click();
  await expect(rows(page, 'Entrees').filter({ hasText: name }).first()).toContainText('Toegelaten');
});
