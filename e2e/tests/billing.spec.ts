import { asGymEmployee, data, subscriptionAtUtrecht } from '../support/api-data';
import { expectListLoaded, mainMenu, rows } from '../support/lists';
import { asDevAdmin, mailbox, newestMail } from '../support/mailbox';
import { signIn } from '../support/session';
import { expect, test } from '../support/test';

/** Today in the Netherlands, YYYY-MM-DD. */
const dutchToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());

/**
 * The billing run invoices a new membership's first period and mails the member (decision 017); the member
 * pays from the mail's link on the local checkout, and ends the membership from the cancel link.
 */
test('a member pays the invoice of the billing run from its mail, and ends the membership from its link', async ({
  page,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const email = `incasso.${run}@leden.example`;
  await asGymEmployee(baseURL!, async (gym) => {
    const subscription = await subscriptionAtUtrecht(gym, `Fitness incasso ${run}`);
    const member = await data<{ id: number }>(
      await gym.api.post('/api/Member', {
        data: { firstName: 'Iris', lastName: `Visser${run}`, email, homeLocationId: gym.utrechtId },
      }),
    );
    await data(
      await gym.api.post(`/api/Member/${member.id}/Membership`, {
        data: {
          subscriptionId: subscription.id,
          variantId: subscription.variants[0]!.id,
          locationId: gym.utrechtId,
          startDate: dutchToday(),
        },
      }),
    );
    // The hourly run, now (development only, an admin's tool).
    await data(await asDevAdmin('post', '/api/dev/billing/run'));
  });

  // The invoice's mail: its pay link and the link that ends the membership.
  const mail = await newestMail(page, email, await subjectOfInvoiceMail(page, email));
  const payLink = /https?:\/\/\S+\/betalen\/\S+/.exec(mail.text)![0];
  const cancelLink = /https?:\/\/\S+\/afmelden\/\S+/.exec(mail.text)![0];
  await page.goto(new URL(payLink).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Vitaal Sportcentra' })).toBeVisible();
  await expect(page.getByText(/€\s?39,95/)).toBeVisible();
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  await page.getByRole('button', { name: 'Betalen' }).click();
  // Back on the pay page; the webhook marks it paid.
  await expect(page).toHaveURL(/\/betalen\//);
  await expect(page.getByText('Bedankt! Deze factuur is betaald.')).toBeVisible({ timeout: 20_000 });

  // Ending the membership: the notice period, a confirmation, and the end date.
  await page.goto(new URL(cancelLink).pathname);
  await expect(page.getByText('Hoi Iris,')).toBeVisible();
  await expect(page.getByText('1 maand')).toBeVisible();
  await page.getByRole('button', { name: 'Abonnement opzeggen' }).click();
  await page.getByRole('button', { name: 'Ja, opzeggen' }).click();
  await expect(page.getByText('Je abonnement is opgezegd')).toBeVisible();
  await newestMail(page, email, 'Je abonnement bij Vitaal Sportcentra is opgezegd');
});

/** The subject of the newest invoice mail to `email` (its number is the gym's next). */
async function subjectOfInvoiceMail(_page: import('@playwright/test').Page, email: string) {
  let subject = '';
  await expect
    .poll(async () => {
      subject = (await mailbox(email)).find((item) => item.subject.startsWith('Factuur '))?.subject ?? '';
      return subject;
    })
    .not.toBe('');
  return subject;
}

test("the gym employee sees the members in arrears, and sets a location's rules for arrears", async ({
  page,
}) => {
  await signIn(page, 'gym@example.com');
  await mainMenu(page).getByRole('link', { name: 'Leden' }).click();
  await page.getByRole('tab', { name: /^Achterstand/ }).click();
  await expect(page).toHaveURL(/tab=inDebt/);
  await expectListLoaded(page, 'Leden met een betalingsachterstand');
  const debtors = rows(page, 'Leden met een betalingsachterstand');
  // The demo data has members with an invoice overdue.
  expect(await debtors.count()).toBeGreaterThanOrEqual(1);
  await expect(debtors.first()).toContainText(/€\s?\d/);

  // The rules of Vitaal Amersfoort: retry after 7 days, arrears 21 days past due, let in with a warning.
  await page.goto('/locations');
  await rows(page, 'Locaties')
    .filter({ hasText: 'Vitaal Amersfoort' })
    .getByText('Vitaal Amersfoort')
    .click();
  await page
    .getByRole('tablist', { name: 'Onderdelen van de locatie' })
    .getByRole('tab', { name: 'Betaalprovider' })
    .click();
  const card = page.getByRole('form', { name: 'Incasso en betalingsachterstand' });
  await card.getByRole('textbox', { name: 'Opnieuw incasseren na' }).fill('7');
  await card.getByRole('textbox', { name: 'Achterstand na' }).fill('21');
  await card.getByRole('combobox', { name: 'Bij een betalingsachterstand' }).click();
  await page.getByRole('option', { name: 'Toelaten en de balie waarschuwen' }).click();
  await card.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De incasso-instellingen zijn opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('form', { name: 'Incasso en betalingsachterstand' })
      .getByRole('textbox', { name: 'Achterstand na' }),
  ).toHaveValue(/21/);
});
