import { asGymEmployee, data, subscriptionAtUtrecht } from '../support/api-data';
import { mainMenu } from '../support/lists';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Decision 018: a second person signs up with the address of an existing member. The member's data stays as it
 * was, no account is made, and the desk sees the sign-up beside the member, to merge or dismiss.
 */
test('a sign-up with the address of an existing member changes nothing of them; the desk sees it pending and dismisses it', async ({
  page,
  baseURL,
  ownBrowser,
}) => {
  const run = Date.now().toString(36);
  const subscriptionName = `Fitness overname ${run}`;
  const email = `echte.${run}@leden.example`;
  const member = await asGymEmployee(baseURL!, async (gym) => {
    await subscriptionAtUtrecht(gym, subscriptionName, []);
    return data<{ id: number }>(
      await gym.api.post('/api/Member', {
        data: {
          firstName: 'Echte',
          lastName: `Persoon${run}`,
          email,
          phoneNumber: '06 12345678',
          gender: 1,
          dateOfBirth: '1988-08-08',
          street: 'Oudegracht',
          houseNumber: '1',
          postalCode: '3511 AA',
          city: 'Utrecht',
          homeLocationId: gym.utrechtId,
        },
      }),
    );
  });

  // ------------------------------------------------------------------ the stranger's sign-up
  await page.goto('/inschrijven/vitaal/vitaal-utrecht-centrum');
  const offer = page.getByRole('region', { name: subscriptionName });
  await offer.getByRole('radio', { name: 'Maandcontract' }).click();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  const form = page.getByRole('form', { name: 'Gegevens' });
  const field = (name: string) => form.getByRole('textbox', { name: new RegExp(`^${name}`) });
  await field('E-mailadres').fill(email);
  await field('Wachtwoord').fill('Iemand-Anders-2026');
  await field('Herhaal wachtwoord').fill('Iemand-Anders-2026');
  await form.getByRole('radio', { name: 'Dhr.' }).check();
  await field('Voornaam').fill('Indringer');
  await field('Achternaam').fill(`Vreemd${run}`);
  await field('Geboortedatum').fill('01-01-1970');
  await field('Telefoonnummer').fill('06 99999999');
  await field('Straat').fill('Valse straat');
  await field('Huisnummer').fill('666');
  await field('Postcode').fill('9999 ZZ');
  await field('Plaats').fill('Nergens');
  await field('Naam rekeninghouder').fill('I. Ndringer');
  await field('IBAN').fill('NL91ABNA0417164300');
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Overzicht' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de automatische incasso' }).check();
  await page.getByRole('button', { name: 'Inschrijven en betalen' }).click();
  // The same answer as for any address: a mail went to it.
  await expect(
    page.getByText(`We hebben een e-mail gestuurd naar ${email}.`, { exact: false }),
  ).toBeVisible();

  // ------------------------------------------------------------------ the member is unchanged
  await asGymEmployee(baseURL!, async (gym) => {
    const after = await data<Record<string, unknown>>(await gym.api.get(`/api/Member/${member.id}`));
    expect(after).toMatchObject({
      firstName: 'Echte',
      lastName: `Persoon${run}`,
      street: 'Oudegracht',
      city: 'Utrecht',
      dateOfBirth: '1988-08-08',
    });
  });

  // ------------------------------------------------------------------ the desk sees it pending
  const desk = await ownBrowser();
  await signIn(desk, 'locatie@example.com');
  await mainMenu(desk).getByRole('link', { name: 'Leden' }).click();
  await desk.getByRole('button', { name: 'Open inschrijvingen' }).click();
  const pending = desk.getByRole('region', { name: 'Aanmeldingen om te controleren' });
  const row = pending.getByRole('row').filter({ hasText: `Indringer Vreemd${run}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText(`Echte Persoon${run}`);
  await expect(row).toContainText(subscriptionName);

  // It is not the member: the desk dismisses it after a confirmation.
  await row.getByRole('button', { name: /Afwijzen/ }).click();
  const dialog = desk.getByRole('dialog', { name: 'Aanmelding afwijzen' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Afwijzen' }).click();
  await expect(pending.getByRole('row').filter({ hasText: `Indringer Vreemd${run}` })).toHaveCount(0);
});
