import { expect, type Page } from '@playwright/test';

/** The rows of a list's table, without its header row. */
export const rows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

/** The navbar of the active environment. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });

/** Waits until a list has loaded, as a person sees it: its rows or its empty message, no placeholders. */
export async function expectListLoaded(page: Page, table: string): Promise<void> {
  await expect(page.getByRole('table', { name: table })).toHaveAttribute('aria-busy', 'false');
}
