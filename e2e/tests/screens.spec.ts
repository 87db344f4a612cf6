import { mainMenu } from '../support/lists';
import { signIn } from '../support/session';
import { pick } from '../support/switchers';
import { expect, type Page, test } from '../support/test';

/**
 * Opens every item of the main menu in turn and waits for each screen's heading. The test fixture checks
 * each screen with axe and fails on a console error, so this walks the whole back-office for both.
 */
async function visitMenu(page: Page, last?: string): Promise<void> {
  const names = (await mainMenu(page).getByRole('link').allTextContents()).filter((name) => name !== last);
  for (const name of last ? [...names, last] : names) {
    const item = mainMenu(page).getByRole('link', { name, exact: true });
    await item.click();
    await expect(item).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
}

test('an admin opens every screen of every environment; each is readable and its console is clean', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  await visitMenu(page);

  await pick(page, 'Omgeving', 'Sportschool');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await visitMenu(page);

  await pick(page, 'Locatie', 'Vitaal Utrecht Centrum');
  await expect(page).toHaveURL(/\/location$/);
  await visitMenu(page);

  await pick(page, 'Omgeving', 'Vereniging');
  await expect(page).toHaveURL(/\/association$/);
  await visitMenu(page);

  // Ends on the employer's challenges: leaving that list for another environment refetches nothing of it.
  await pick(page, 'Omgeving', 'Werkgever');
  await expect(page).toHaveURL(/\/employer$/);
  await visitMenu(page, 'Challenges');
  await expect(page).toHaveURL(/\/employer\/challenges/);

  await pick(page, 'Omgeving', 'Content');
  await expect(page).toHaveURL(/\/content$/);
  await visitMenu(page);

  await pick(page, 'Omgeving', 'Leverancier');
  await expect(page).toHaveURL(/\/supplier$/);
  await visitMenu(page);
});
