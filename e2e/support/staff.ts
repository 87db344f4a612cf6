import { expect, type Page } from '@playwright/test';

/** The navbar of the signed-in shell. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });

/** The names of the links in the main menu, in their order. */
export async function expectMenu(page: Page, items: string[]): Promise<void> {
  await expect(mainMenu(page).getByRole('link')).toHaveText(items);
}

/** The rows of a list's table, without its header row. */
export const rows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

/** Signs in on the login page with an account's own password (not a demo account). */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/** Signs out through the user menu of the header. */
export async function signOut(page: Page, fullName: string): Promise<void> {
  await page.getByRole('button', { name: `Gebruikersmenu van ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/account\/login/);
}
