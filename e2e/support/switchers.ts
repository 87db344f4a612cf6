import type { Page } from '@playwright/test';

/**
 * Picks an option of one of the header's switchers: a combobox with a listbox. The environment switcher is
 * a plain select; the others search on the server (a page at a time), so the option's name is typed first.
 */
export async function pick(page: Page, switcher: string, option: string): Promise<void> {
  const combobox = page.getByRole('banner').getByRole('combobox', { name: switcher, exact: true });
  await combobox.click();
  if (await combobox.isEditable()) await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}
