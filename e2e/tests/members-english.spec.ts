import { expectListLoaded, rows } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

test('the location employee reads the members, a member, the entries and who is inside in English', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const englishMenu = () => page.getByRole('navigation', { name: 'Main menu' });
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);
  await page.getByRole('button', { name: /^Gebruikersmenu van / }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();

  // ------------------------------------------------------------------ the members
  await englishMenu().getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/location\/members/);
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expectListLoaded(page, 'All members');
  for (const tab of ['All', 'Active', 'Non-active', 'Sleeping'])
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
    'placeholder',
    'Search by name, email or postal code',
  );
  await shot('members');

  // ------------------------------------------------------------------ a member and their entries
  await rows(page, 'All members').first().getByRole('cell').first().click();
  await expect(page).toHaveURL(/\/location\/members\/\d+$/);
  await expect(page.getByText(/Member since \d\d-\d\d-\d{4}$/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await shot('member');
  await page.getByRole('tab', { name: 'Entries' }).click();
  await expect(page).toHaveURL(/\/location\/members\/\d+\/entries/);
  await expectListLoaded(page, 'Entries');
  await expect(page.getByRole('columnheader', { name: 'How' })).toBeVisible();
  await shot('member-entries');

  // ------------------------------------------------------------------ the entries and who is inside
  await englishMenu().getByRole('link', { name: 'Entries' }).click();
  await expect(page).toHaveURL(/\/location\/entries/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entries' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Refused/ })).toBeVisible();
  await shot('entries');
  await englishMenu().getByRole('link', { name: 'Inside' }).click();
  await expect(page).toHaveURL(/\/location\/insideMembers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inside' })).toBeVisible();
  await expect(page.getByText(/^\d+ members? inside$/)).toBeVisible();
  await shot('inside');
});
