import { asGymEmployee, data, subscriptionAtUtrecht } from '../support/api-data';
import { expectListLoaded, mainMenu, rows } from '../support/lists';
import { newestMail } from '../support/mailbox';
import { signIn } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/** The person's password of their new account. */
const PASSWORD = 'Zonnige-Ochtend-2026';
/** A valid IBAN (the example of the contract), and one with a wrong check digit. */
const IBAN = 'NL91ABNA0417164300';
const WRONG_IBAN = 'NL91ABNA0417164301';

/**
 * Through the API, as the demo gym employee: an age group of 18 to 67 years and a subscription with it at
 * Vitaal Utrecht Centrum, variant 'Maandcontract' at € 39,95 a month (what the gym employee's own journeys do
 * on screen). The sign-up pages offer it at once.
 */
function adultSubscription(baseURL: string, name: string): Promise<void> {
  return asGymEmployee(baseURL, async (gym) => {
    const ageGroup = await data<{ id: number }>(
      await gym.api.post('/api/AgeGroup', {
        data: { name: `Volwassen ${name}`, minimumAge: 18, maximumAge: 67 },
      }),
    );
    await subscriptionAtUtrecht(gym, name, [ageGroup.id]);
  });
}

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

/** Fills the personal data step as a person would, with `iban` and `dateOfBirth` (DD-MM-YYYY) as given. */
async function fillPersonalData(form: Locator, person: Person, iban: string, dateOfBirth: string) {
  const field = (name: string) => form.getByRole('textbox', { name: new RegExp(`^${name}`) });
  await field('E-mailadres').fill(person.email);
  await field('Wachtwoord').fill(PASSWORD);
  await field('Herhaal wachtwoord').fill(PASSWORD);
  await form.getByRole('radio', { name: 'Mevr.' }).check();
  await field('Voornaam').fill(person.firstName);
  await field('Achternaam').fill(person.lastName);
  await field('Geboortedatum').fill(dateOfBirth);
  await field('Telefoonnummer').fill('06 12345678');
  await field('Straat').fill('Oudegracht');
  await field('Huisnummer').fill('12');
  await field('Postcode').fill('3511 AB');
  await field('Plaats').fill('Utrecht');
  await field('Naam rekeninghouder').fill(`${person.firstName} ${person.lastName}`);
  await field('IBAN').fill(iban);
}

/**
 * The membership step, the personal data with a wrong IBAN and then a date of birth outside the age group
 * (each told on its field and fixed), and the summary up to the checkout. Returns on the local checkout.
 */
async function signUpFromMembershipStep(page: Page, subscriptionName: string, person: Person) {
  await expect(page.getByRole('heading', { level: 2, name: 'Lidmaatschap' })).toBeVisible();
  const offer = page.getByRole('region', { name: subscriptionName });
  await expect(offer.getByText('Voor 18 t/m 67 jaar')).toBeVisible();
  await expect(offer.getByText(/€\s?39,95 per maand/)).toBeVisible();
  await offer.getByRole('radio', { name: 'Maandcontract' }).click();
  await expect(offer.getByRole('radio', { name: 'Maandcontract' })).toBeChecked();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();

  // The personal data: a wrong IBAN first.
  await expect(page.getByRole('heading', { level: 2, name: 'Gegevens' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Gegevens' });
  const tooYoung = `01-06-${new Date().getFullYear() - 10}`;
  await fillPersonalData(form, person, WRONG_IBAN, tooYoung);
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  const iban = form.getByRole('textbox', { name: /^IBAN/ });
  await expect(iban).toHaveAccessibleDescription(/Dit is geen geldig IBAN\. Controleer het rekeningnummer\./);
  await iban.fill(IBAN);

  // Then the age: ten years old does not fit 18 to 67.
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  const dateOfBirth = form.getByRole('textbox', { name: /^Geboortedatum/ });
  await expect(dateOfBirth).toHaveAccessibleDescription(/De leeftijd past niet bij dit abonnement\./);
  await expect(page.getByRole('heading', { level: 2, name: 'Gegevens' })).toBeVisible();
  await dateOfBirth.fill('14-02-1990');
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();

  // The summary: what was chosen and typed, what is paid now, and the mandate.
  await expect(page.getByRole('heading', { level: 2, name: 'Overzicht' })).toBeVisible();
  const membership = page.getByRole('region', { name: 'Lidmaatschap' });
  await expect(membership).toContainText(`${subscriptionName} · Maandcontract`);
  const personal = page.getByRole('region', { name: 'Je gegevens' });
  await expect(personal).toContainText(`Mevr. ${person.firstName} ${person.lastName}`);
  await expect(personal).toContainText('14-02-1990');
  await expect(personal).toContainText('NL91 ABNA 0417 1643 00');
  await expect(page.getByText('Nu te betalen')).toBeVisible();
  await expect(
    page.getByText(/^Eenmalige kosten €\s?0,00 en de eerste periode €\s?39,95, met iDEAL\.$/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Inschrijven en betalen' }).click();
  await expect(page.getByText('Ga akkoord met de automatische incasso om je in te schrijven')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de automatische incasso' }).check();
  await page.getByRole('button', { name: 'Inschrijven en betalen' }).click();

  // Nothing is made before the address is proven (decision 018): the link mailed to it confirms the sign-up.
  await expect(
    page.getByText(`We hebben een e-mail gestuurd naar ${person.email}.`, { exact: false }),
  ).toBeVisible();
  const mail = await newestMail(page, person.email, 'Bevestig je inschrijving bij Vitaal Sportcentra');
  const link = mail.text.match(/https?:\/\/\S+\/inschrijven\/bevestigen\/[A-Za-z0-9_-]+/)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Bevestig je inschrijving' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(`${person.firstName} ${person.lastName}`);
  await expect(page.getByRole('table')).toContainText(`${subscriptionName} · Maandcontract`);
  await page.getByRole('button', { name: 'Bevestigen en betalen' }).click();

  // The local checkout: the first payment, which leaves a mandate for the next periods.
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  await expect(page.getByText(/^€\s?39,95$/)).toBeVisible();
  await expect(
    page.getByText('Eerste betaling (geeft een machtiging voor automatische incasso)'),
  ).toBeVisible();
}

test('a person signs up on the sign-up page, pays, and the location employee sees the new member and the paid invoice', async ({
  page,
  baseURL,
  ownBrowser,
}) => {
  const run = Date.now().toString(36);
  const subscriptionName = `Fitness online ${run}`;
  await adultSubscription(baseURL!, subscriptionName);
  const person = { firstName: 'Sanne', lastName: `Jacobs${run}`, email: `sanne.${run}@leden.example` };

  // ------------------------------------------------------------------ the club, by postal code
  await page.goto('/inschrijven');
  await expect(page.getByRole('heading', { level: 1, name: 'Inschrijven' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Club zoeken' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Postcode' }).fill('3511 AB');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Club kiezen' })).toBeVisible();
  await expect(page.getByText('Clubs bij 3511AB, de dichtstbijzijnde eerst.')).toBeVisible();
  const club = page
    .getByRole('list', { name: 'Clubs' })
    .getByRole('listitem')
    .filter({ hasText: 'Vitaal Utrecht Centrum' });
  await club.getByRole('button', { name: 'Kiezen Vitaal Utrecht Centrum' }).click();
  // The club's gym is known now: its name in the heading.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal Sportcentra' }),
  ).toBeVisible();

  // ------------------------------------------------------------------ membership, data, summary, checkout
  await signUpFromMembershipStep(page, subscriptionName, person);
  await page.getByRole('button', { name: 'Betalen' }).click();

  // Back from the bank: the payment may be processed a moment, then the welcome.
  await expect(page).toHaveURL(/\/inschrijven\/resultaat\//);
  await expect(page.getByText('Welkom! Je inschrijving is gelukt')).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText(
      'Je betaling is ontvangen. Je bent nu lid bij Vitaal Sportcentra; je krijgt een bevestiging per e-mail.',
    ),
  ).toBeVisible();

  // ------------------------------------------------------------------ the location employee at the desk
  const desk = await ownBrowser();
  await signIn(desk, 'locatie@example.com');
  await expect(desk).toHaveURL(/\/location$/);
  await mainMenu(desk).getByRole('link', { name: 'Leden' }).click();
  await expect(desk).toHaveURL(/\/location\/members$/);
  await desk.getByRole('button', { name: 'Open inschrijvingen' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Open inschrijvingen' })).toBeVisible();
  await expectListLoaded(desk, 'Open inschrijvingen');
  await desk.getByRole('searchbox', { name: 'Zoeken' }).fill(person.lastName);
  await expect(desk).toHaveURL(new RegExp(`search=${person.lastName}`));
  const registration = rows(desk, 'Open inschrijvingen').filter({ hasText: person.lastName });
  await expect(registration).toHaveCount(1);
  await expect(registration).toContainText(`${person.firstName} ${person.lastName}`);
  await expect(registration).toContainText(person.email);
  await expect(registration).toContainText(subscriptionName);
  await expect(registration.getByRole('button', { name: /Inschrijving voltooien|Voltooien/ })).toBeVisible();

  // Its first invoice, paid by the provider, with its PDF.
  await mainMenu(desk).getByRole('link', { name: 'Facturen' }).click();
  await expect(desk).toHaveURL(/\/location\/invoices/);
  await expect(desk.getByRole('heading', { level: 1, name: 'Facturen' })).toBeVisible();
  await desk.getByRole('tab', { name: /^Betaald/ }).click();
  await expectListLoaded(desk, 'Betaalde facturen');
  await desk.getByRole('searchbox', { name: 'Zoeken' }).fill(person.lastName);
  await expect(desk).toHaveURL(new RegExp(`search=${person.lastName}`));
  const invoice = rows(desk, 'Betaalde facturen').filter({ hasText: person.lastName });
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText(/€\s?39,95/);
  const number = (await invoice.getByRole('cell').first().textContent())!.trim();
  await invoice.click();
  const panel = desk.getByRole('dialog', { name: `Factuur ${number}` });
  await expect(panel.getByText('Betaald', { exact: true })).toBeVisible();
  await expect(panel.getByText('Betaalprovider (automatische incasso)')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Factuurregels' })).toContainText(subscriptionName);
  const pdf = panel.getByRole('link', { name: 'PDF bekijken' });
  const answer = await desk.request.get((await pdf.getAttribute('href'))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a person signs up on the kiosk, confirms from the mail, the payment fails and is paid again from the result page', async ({
  page,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const subscriptionName = `Fitness balie ${run}`;
  await adultSubscription(baseURL!, subscriptionName);
  const person = { firstName: 'Daan', lastName: `Mulder${run}`, email: `daan.${run}@leden.example` };
  const kiosk = '/inschrijven/vitaal/vitaal-utrecht-centrum/kiosk';

  // The kiosk names the club: it starts at the memberships. It switches off no check: the mail confirms.
  await page.goto(kiosk);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal Sportcentra' }),
  ).toBeVisible();
  await signUpFromMembershipStep(page, subscriptionName, person);

  // The payment fails: the result page says so and offers to pay again.
  await page.getByRole('button', { name: 'Laten mislukken' }).click();
  await expect(page).toHaveURL(/\/inschrijven\/resultaat\//);
  await expect(page.getByText('Betaling mislukt')).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText(
      'De betaling is niet gelukt of is afgebroken. Je inschrijving is bewaard: betaal opnieuw om hem af te ronden.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Betaling mislukt' })).toContainText(
    /Te betalen\s*€\s?39,95/,
  );
  await page.getByRole('button', { name: 'Opnieuw betalen' }).click();

  // Paid again as a first payment (its mandate is what the next months are charged on), and back to the
  // sign-up's result page.
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  await expect(page.getByText(/^€\s?39,95$/)).toBeVisible();
  await expect
    .soft(
      page.getByText('Eerste betaling (geeft een machtiging voor automatische incasso)'),
      "the payment started again from the result page is a first payment, as the sign-up's own (decision 018)",
    )
    .toBeVisible();
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/inschrijven\/resultaat\//);
  await expect(page.getByText('Welkom! Je inschrijving is gelukt')).toBeVisible({ timeout: 20_000 });
});
