import { expect, type Page } from '@playwright/test';

/** Every demo account has this password (README). */
export const DEMO_PASSWORD = 'demo-2026-welkom';

/** Fills the login page that is showing, as a person would, and signs in. */
export async function signInOnLoginPage(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/** Opens the login page and signs in. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/account/login');
  await signInOnLoginPage(page, email);
}
