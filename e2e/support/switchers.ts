import type { Page } from '@playwright/test';

/** Picks an option of one of the header's switchers (Mantine selects: a combobox with a listbox). */
export async function pick(page: Page, switcher: string, option: string): Promise<void> {
  await page.getByRole('banner').getByRole('combobox', { name: switcher, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
