import type { Page } from '@playwright/test';
import { solidPng } from '../support/images';
import { newestMail } from '../support/mailbox';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/** Signs in and waits until the login page is left (the session's cookies are set). */
async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/account\/login/);
}

/** The link of a mail's text that starts with `start`. */
function linkIn(text: string, start: RegExp): string {
  const link = text.match(new RegExp(`${start.source}\\S+`))?.[0];
  expect(link, `a link in: ${text}`).toBeTruthy();
  return link as string;
}

/** A date as the date inputs take it (DD-MM-YYYY), some days from today. */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** Confirms the kit's confirm dialog with this title. */
async function confirm(page: Page, title: string | RegExp, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Suppliers and their products end to end (decision 020): the admin adds a supplier, who registers from the mail; the admin accepts it; the
 * supplier adds a product with two images (a too-long name first); the admin accepts it with a commission;
 * the location employee orders it for a member through the six steps; the supplier moves the order to
 * Delivered, and the mails to the customer are in the mailbox.
 */
test('a new supplier sells a product to a member of a location, from invitation to delivery', async ({
  page,
  ownBrowser,
}) => {
  test.setTimeout(600_000);
  const tag = Date.now().toString(36);
  const company = `Sportief Thuis ${tag}`;
  const supplierEmail = `verkoop-${tag}@example.com`;
  const product = `Loopband Pro ${tag}`;

  // 1. The admin adds the supplier.
  await signInAs(page, 'admin@example.com');
  await page.goto('/admin/suppliersOverview');
  await expect(page.getByRole('heading', { level: 1, name: 'Leveranciers' })).toBeVisible();
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  const add = page.getByRole('dialog', { name: 'Leverancier toevoegen' });
  const fill = (label: string, value: string) =>
    add.getByRole('textbox', { name: label, exact: true }).fill(value);
  await fill('Bedrijfsnaam', company);
  await fill('Voornaam', 'Sanne');
  await fill('Achternaam', 'de Wit');
  await fill('E-mailadres', supplierEmail);
  await fill('Telefoonnummer', '0301234567');
  await fill('Straat', 'Industrieweg');
  await fill('Huisnummer', '12');
  await fill('Postcode', '3542 AD');
  await fill('Plaats', 'Utrecht');
  await fill('Land', 'Nederland');
  await fill('KvK-nummer', '1234567');
  await fill('Btw-nummer', 'NL123456789B01');
  await fill('IBAN', 'NL91ABNA0417164300');
  await add.getByRole('button', { name: 'Toevoegen en uitnodigen' }).click();
  // The KvK number has 8 digits: the form says so and adds nothing.
  await expect(add.getByRole('textbox', { name: 'KvK-nummer' })).toHaveAttribute('aria-invalid', 'true');
  await fill('KvK-nummer', '12345678');
  await add.getByRole('button', { name: 'Toevoegen en uitnodigen' }).click();
  await expect(add.getByText(`${company} is toegevoegd`)).toBeVisible();
  await add.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: company })).toContainText('In afwachting');

  // 2. The supplier registers from the mailed invitation (in a browser of their own).
  const invitation = await newestMail(page, supplierEmail, 'Uitnodiging voor XP Back-office');
  const registerLink = linkIn(invitation.text, /https?:\/\//);
  const supplier = await ownBrowser();
  await supplier.goto(new URL(registerLink).pathname);
  await expect(supplier.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible({ timeout: 30_000 });
  await supplier.getByRole('textbox', { name: 'Voornaam', exact: true }).fill('Sanne');
  await supplier.getByRole('textbox', { name: 'Achternaam', exact: true }).fill('de Wit');
  await supplier.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('Sterke-Loopband-2026');
  await supplier
    .getByRole('textbox', { name: 'Herhaal wachtwoord', exact: true })
    .fill('Sterke-Loopband-2026');
  await supplier.getByRole('button', { name: 'Registreren' }).click();
  await expect(supplier).toHaveURL(/\/supplier$/);
  await expect(supplier.getByText('Nog niet geaccepteerd')).toBeVisible();

  // 3. The admin accepts the supplier.
  await page.goto('/admin/suppliersOverview');
  const row = page.getByRole('row').filter({ hasText: company });
  await row.getByRole('button', { name: 'Accepteren' }).click();
  await confirm(page, 'Leverancier accepteren', 'Accepteren');
  await expect(page.getByText(`${company} is geaccepteerd`).first()).toBeVisible();

  // 4. The supplier adds a product: a too-long name first, then two images.
  await supplier.goto('/supplier/products');
  await expect(supplier.getByRole('heading', { level: 1, name: 'Producten' })).toBeVisible();
  await supplier.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(supplier).toHaveURL(/\/supplier\/products\/manage$/);
  const form = supplier.getByRole('dialog', { name: 'Fitnessproduct toevoegen' });
  await form.getByRole('textbox', { name: 'Naam' }).fill('L'.repeat(129));
  await form.getByRole('textbox', { name: 'Omschrijving' }).fill('Opvouwbare loopband met helling tot 12%.');
  await form.getByRole('combobox', { name: 'Soort product' }).click();
  await supplier.getByRole('option', { name: 'Apparatuur', exact: true }).click();
  await form.getByRole('textbox', { name: 'Inkoopprijs' }).fill('899,50');
  await form.locator('input[type="file"]').setInputFiles([
    { name: 'voorkant.png', mimeType: 'image/png', buffer: solidPng(600, 400, [200, 60, 40]) },
    { name: 'zijkant.png', mimeType: 'image/png', buffer: solidPng(600, 400, [40, 60, 200]) },
  ]);
  await form.getByRole('button', { name: 'Ter goedkeuring versturen' }).click();
  await expect(form.getByRole('textbox', { name: 'Naam' })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Naam' }).fill(product);
  await form.getByRole('button', { name: 'Ter goedkeuring versturen' }).click();
  await expect(supplier.getByText('Verstuurd ter goedkeuring').first()).toBeVisible();

  // 5. The admin accepts it with a commission.
  await page.goto('/admin/commissionDeterminedOverview');
  await page.getByRole('row').filter({ hasText: product }).click();
  const panel = page.getByRole('dialog').filter({ hasText: product });
  await panel.getByRole('textbox', { name: 'Marge platform' }).fill('50');
  await panel.getByRole('textbox', { name: 'Marge regiomanager' }).fill('25');
  await panel.getByRole('textbox', { name: 'Marge sportschool' }).fill('75');
  // 899.50 + 150 = 1,049.50 excluding VAT; 6% VAT: 1,112.47.
  await expect(panel.getByText(/1\.049,50/)).toBeVisible();
  await expect(panel.getByText(/1\.112,47/)).toBeVisible();
  await panel.getByRole('button', { name: 'Accepteren' }).click();
  await confirm(page, 'Product accepteren', 'Accepteren');
  await expect(page.getByText(`${product} is geaccepteerd`).first()).toBeVisible();

  // 6. The location employee orders it for a member through the six steps.
  const location = await ownBrowser();
  await signInAs(location, 'locatie@example.com');
  await location.goto('/location/productOrders');
  await expect(location.getByRole('heading', { level: 1, name: 'Productbestellingen' })).toBeVisible();
  await location.getByRole('button', { name: 'Bestellen' }).click();
  const wizard = location.getByRole('dialog', { name: 'Product bestellen' });
  const next = () => wizard.getByRole('button', { name: 'Volgende', exact: true }).click();
  // Step 1: the product, found by its name.
  await wizard.getByRole('searchbox', { name: 'Zoek een product of leverancier' }).fill(tag);
  await wizard.getByRole('radio', { name: new RegExp(product) }).check();
  await next();
  // Step 2: a member of the location.
  // A demo member (their addresses are complete; members other journeys add may lack one).
  await wizard.getByRole('searchbox', { name: 'Zoek een lid' }).fill('voorbeeld.nl');
  const members = wizard.getByRole('radiogroup', { name: 'Lid van de locatie' });
  await expect(members.getByRole('radio').first()).toContainText('voorbeeld.nl');
  await members.getByRole('radio').first().click();
  await expect(wizard.getByText('De gegevens van het lid zijn compleet.')).toBeVisible();
  await next();
  // Step 3: delivery at the member's address, on the ground floor.
  await expect(wizard.getByRole('radio', { name: 'Zelfde als het woonadres' })).toBeChecked();
  await next();
  // Step 4: paid in advance on invoice.
  await wizard.getByRole('radio', { name: 'Vooruit' }).check();
  await wizard.getByRole('radio', { name: 'Op factuur' }).check();
  await next();
  // Step 5: the summary, then the order.
  await expect(wizard.getByText(product).first()).toBeVisible();
  await expect(wizard.getByText(/1\.112,47/).first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Bestellen' }).click();
  await expect(wizard.getByText('Bestelling geplaatst')).toBeVisible();
  const followNumber = (
    (await wizard
      .getByText(/PO-\d+/)
      .first()
      .textContent()) ?? ''
  ).match(/PO-\d+/)?.[0];
  expect(followNumber).toBeTruthy();

  // 7. The supplier moves the order to Delivered, one step at a time.
  await supplier.goto('/supplier/productOrders');
  await supplier
    .getByRole('row')
    .filter({ hasText: followNumber as string })
    .click();
  const detail = supplier.getByRole('dialog', { name: `Bestelling ${followNumber}` });
  const moveTo = async (status: string) => {
    await detail.getByRole('button', { name: `Naar ${status}` }).click();
    await confirm(supplier, `Status wijzigen naar ${status}`, `Naar ${status}`);
    await expect(detail.getByText(status, { exact: true }).first()).toBeVisible();
  };
  await moveTo('Betaald');
  await moveTo('Voorbereid');
  // Planned comes with a delivery date, a week from now.
  await detail.getByRole('textbox', { name: 'Leverdatum' }).fill(inDays(7));
  await detail.getByRole('button', { name: 'Leverdatum vastleggen' }).click();
  await confirm(supplier, 'Leverdatum vastleggen', 'Leverdatum vastleggen');
  await expect(detail.getByText('Ingepland', { exact: true }).first()).toBeVisible();
  await moveTo('Geleverd');
  await expect(detail.getByText('Deze bestelling is geleverd.')).toBeVisible();

  // 8. The customer's mails: the order, then every step, the planned one with its date.
  const customer = ((await detail.getByText(/@/).first().textContent()) ?? '').trim();
  const number = followNumber as string;
  for (const [subject, count] of [
    [product, 1],
    ['Betaald', 1],
    ['In voorbereiding', 1],
    ['Ingepland', 1],
    ['Geleverd', 1],
  ] as const) {
    const mail = await newestMail(supplier, customer, `Je bestelling ${number}: ${subject}`, count);
    expect(mail.text).toContain(number);
    if (subject === 'Ingepland') expect(mail.text).toContain(inDays(7));
  }
});
