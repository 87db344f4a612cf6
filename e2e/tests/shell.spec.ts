import { signIn, signInOnLoginPage } from '../support/session';
import { pick } from '../support/switchers';
import { expect, test } from '../support/test';

test('an admin switches environment and lands on the home path of each', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Omgeving', exact: true })).toHaveValue(
    'Admin',
  );

  const homes: [string, RegExp][] = [
    ['Sportschool', /127\.0\.0\.1:\d+\/$/],
    ['Werkgever', /\/employer$/],
    ['Vereniging', /\/association$/],
    ['Content', /\/content$/],
    ['Leverancier', /\/supplier$/],
    ['Admin', /\/admin$/],
  ];
  for (const [environment, home] of homes) {
    await pick(page, 'Omgeving', environment);
    await expect(page).toHaveURL(home);
    await expect(
      page.getByRole('banner').getByRole('combobox', { name: 'Omgeving', exact: true }),
    ).toHaveValue(environment);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  await pick(page, 'Omgeving', 'Sportschool');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await pick(page, 'Locatie', 'Vitaal Utrecht Centrum');
  await expect(page).toHaveURL(/\/location$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Vitaal Utrecht Centrum');
  await expect(
    page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Zalen en buitenlocaties' }),
  ).toBeVisible();
});

test('a deep link without a session goes to the login page and back after signing in', async ({ page }) => {
  await page.goto('/location/areas');
  await expect(page).toHaveURL(/\/account\/login\/%2Flocation%2Fareas$/);
  await signInOnLoginPage(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location\/areas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zalen en buitenlocaties' })).toBeVisible();
});

test('the user menu switches to English and logs out', async ({ page }) => {
  await signIn(page, 'locatie@example.com');
  await expect(page).toHaveURL(/\/location$/);

  await page.getByRole('button', { name: 'Gebruikersmenu van Fatima el Amrani' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Rooms and outdoor locations' })).toBeVisible();
  await menu.getByRole('link', { name: 'Rooms and outdoor locations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rooms and outdoor locations' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Address' })).toBeVisible();
  await expect(page.getByText('Same as location').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add a new room or outdoor location' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'User menu of Fatima el Amrani' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/account\/login/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // Signed out for real: the rooms need a new login.
  await page.goto('/location/areas');
  await expect(page).toHaveURL(/\/account\/login\/%2Flocation%2Fareas$/);
});
