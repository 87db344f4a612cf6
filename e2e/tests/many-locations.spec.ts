import { employeeWithManyLocations } from '../support/many-locations';
import { mainMenu, signInWith } from '../support/staff';
import { expect, test } from '../support/test';

/**
 * Decision 002: when the access cookie carried every right, an employee with rights on 20 locations
 * got a cookie past 5 KB that Chromium dropped, so they could not sign in. The claims now live with the
 * session, and the cookies stay small whatever the number of rights.
 */
test('an employee with rights on 50 locations signs in to the location environment; the cookies stay small', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const employee = await employeeWithManyLocations(baseURL as string, 50);

  await signInWith(page, employee.email, employee.password);
  await expect(page).toHaveURL(/\/location$/);
  await expect(page.getByRole('button', { name: `Gebruikersmenu van ${employee.fullName}` })).toBeVisible();
  // The active location is one of theirs.
  const active = await page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Locatie', exact: true })
    .inputValue();
  expect(employee.locationNames).toContain(active);

  // The right they have there opens the rooms of the location.
  await mainMenu(page).getByRole('link', { name: 'Zalen en buitenlocaties' }).click();
  await expect(page).toHaveURL(/\/location\/areas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zalen en buitenlocaties' })).toBeVisible();

  // Small cookies (Chromium drops one above 4 KB), and the browser kept them: a reload stays signed in.
  const cookies = await page.context().cookies();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies)
    expect(cookie.name.length + cookie.value.length, cookie.name).toBeLessThan(1_024);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Zalen en buitenlocaties' })).toBeVisible();
  await expect(page).toHaveURL(/\/location\/areas$/);
});
