import { configure, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Claims, Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { testClaims } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';
import {
  failure,
  fakeAppApi,
  queryOf,
  type Routes,
  requestsTo,
  setUpAppTests,
  startApp,
} from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { amersfoort, dunning, locationRows, utrecht, week } from './test-support';

setUpAppTests();
// Whole-app tests on a busy machine: more than the default 5 s.
configure({ asyncUtilTimeout: 5_000 });

const gymEmployee = (rights: string[]) => testClaims({ name: 'Jeroen Bakker', gymRights: rights });
const alterer = gymEmployee(['10:AlterGymInformation']);
const reader = gymEmployee(['10:ManageMembers']);
/** A location employee in the Location environment of Utrecht (5) who may change it. */
const locationStaff = testClaims({
  activeEnvironment: Environment.Location,
  activeLocationId: 5,
  locationRights: ['5:AlterLocationInformation'],
});

const withLocations = (routes: Routes = {}): Routes => ({
  'GET /api/Location': () => ({ data: { items: locationRows, total: 2 } }),
  'GET /api/Location/5': () => ({ data: utrecht }),
  'GET /api/Location/6': () => ({ data: amersfoort }),
  'GET /api/Location/5/PaymentProvider': () => ({ data: null }),
  'GET /api/LocationOpeningHours/openingHours/5': () => ({ data: week }),
  'GET /api/Location/5/BillingSettings': () => ({ data: dunning }),
  ...routes,
});

async function start(path: string, claims: Claims, routes?: Routes) {
  const requests = fakeAppApi(claims, withLocations(routes));
  const app = await startApp(path);
  return { requests, user: userEvent.setup(), ...app };
}

describe('the list of locations', () => {
  it('shows the locations of the gym, in the menu for everyone in the gym environment', async () => {
    const { requests } = await start('/locations?search=vit&sort=city', reader);
    expect(await screen.findByRole('heading', { name: 'Locaties' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Locaties' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Locaties' });
    await within(table).findByText('Vitaal Utrecht Centrum');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Vitaal Amersfoort');
    expect(rows[1]).toHaveTextContent('Stationsplein 15, 3818 LE Amersfoort');
    expect(rows[1]).toHaveTextContent('Verborgen');
    expect(rows[2]).toHaveTextContent('Zichtbaar');
    expect(queryOf(requestsTo(requests, 'GET', '/api/Location')[0])).toMatchObject({
      search: 'vit',
      sort: 'city',
    });
    // Adding is for AlterGymInformation only.
    expect(screen.queryByRole('button', { name: 'Toevoegen' })).not.toBeInTheDocument();
  });

  it('opens a location on its general tab, read-only without the right to change it', async () => {
    const { user, router } = await start('/locations', reader);
    await user.click(await screen.findByText('Vitaal Utrecht Centrum'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/locations/5/general'));
    expect(await screen.findByRole('heading', { name: 'Vitaal Utrecht Centrum' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Onderdelen van de locatie' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
      // ManageMembers also opens the location's employees.
    ).toEqual(['Algemeen', 'Statusvereisten', 'Medewerkers']);
    expect(screen.getByLabelText(/^Naam/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR-code van Vitaal Utrecht Centrum' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download SVG' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nieuwe QR-code maken' })).not.toBeInTheDocument();
  });

  it('adds a location in a side panel, suggesting the slug, and opens it', async () => {
    const { user, router, requests } = await start('/locations', alterer, {
      'POST /api/Location': () => ({ data: { ...amersfoort, id: 6 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('form', { name: 'Locatie toevoegen' });
    await user.type(within(panel).getByLabelText(/^Naam/), 'Vitaal Amersfoort');
    await user.tab();
    expect(within(panel).getByLabelText(/^Slug/)).toHaveValue('vitaal-amersfoort');
    await user.type(within(panel).getByLabelText(/^Straat/), 'Stationsplein');
    await user.type(within(panel).getByLabelText(/^Huisnummer/), '15');
    await user.type(within(panel).getByLabelText(/^Postcode/), '3818le');
    await user.type(within(panel).getByLabelText(/^Plaats/), 'Amersfoort');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/locations/6/general'));
    expect(requestsTo(requests, 'POST', '/api/Location')[0]?.body).toEqual({
      name: 'Vitaal Amersfoort',
      slug: 'vitaal-amersfoort',
      email: '',
      street: 'Stationsplein',
      houseNumber: '15',
      postalCode: '3818 LE',
      city: 'Amersfoort',
      memberExpectedInsideTime: 90,
      visibleOnRegistrationPage: true,
    });
  });
});

describe('the location form', () => {
  it('saves changes, and shows the slug in use on its field', async () => {
    let isTaken = true;
    const { user, requests } = await start('/locations/5/general', alterer, {
      'PUT /api/Location': ({ body }) =>
        isTaken
          ? failure(409, 'location.errors.slugTaken', 'slug')
          : { data: { ...utrecht, ...(body as object) } },
    });
    const slug = await screen.findByLabelText(/^Slug/);
    await user.clear(slug);
    await user.type(slug, 'vitaal-amersfoort');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Deze slug is al in gebruik')).toBeInTheDocument();

    isTaken = false;
    await user.clear(slug);
    await user.type(slug, 'vitaal-utrecht');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('De wijzigingen van Vitaal Utrecht Centrum zijn opgeslagen.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location').at(-1)?.body).toMatchObject({
      id: 5,
      slug: 'vitaal-utrecht',
      postalCode: '3511 AZ',
    });
  });

  it('checks the postal code and the slug before sending', async () => {
    const { user, requests } = await start('/locations/5/general', alterer);
    const postalCode = await screen.findByLabelText(/^Postcode/);
    await user.clear(postalCode);
    await user.type(postalCode, '0123 AB');
    const slug = screen.getByLabelText(/^Slug/);
    await user.clear(slug);
    await user.type(slug, 'Vitaal Utrecht');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul een geldige postcode in (1234 AB)')).toBeInTheDocument();
    expect(screen.getByText(/Gebruik kleine letters, cijfers en losse streepjes/)).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location')).toEqual([]);
  });

  it('issues a new QR code after confirmation', async () => {
    const { user, requests } = await start('/locations/5/general', alterer, {
      'PUT /api/Location/5/QrCode': () => ({
        data: { qrCode: 'nieuw', qrCodeIssuedAt: '2026-03-02T10:00:00.000Z' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe QR-code maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe QR-code maken?' });
    expect(requestsTo(requests, 'PUT', '/api/Location/5/QrCode')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('De nieuwe QR-code is klaar.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/QrCode')).toHaveLength(1);
  });
});

describe('the payment provider', () => {
  const masked = { id: 7, kind: 0, apiKeyMasked: 'test_••••••••wxyz' };

  it('shows the key masked only, and replaces it', async () => {
    const newKey = `live_${'Z9y8X7w6V5'.repeat(3)}9876`;
    const { user, requests } = await start('/locations/5/paymentProvider', alterer, {
      'GET /api/Location/5/PaymentProvider': () => ({ data: masked }),
      'PUT /api/LocationPaymentProvider/7': () => ({
        data: { ...masked, apiKeyMasked: 'live_••••••••9876' },
      }),
    });
    expect(await screen.findByTestId('masked-key')).toHaveTextContent('test_••••••••wxyz');
    const input = screen.getByLabelText(/^Nieuwe API-sleutel/);
    expect(input).toHaveValue('');

    await user.type(input, 'test_kort');
    await user.click(screen.getByRole('button', { name: 'Sleutel vervangen' }));
    expect(await screen.findByText(/Vul een Mollie API-sleutel in/)).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/LocationPaymentProvider/7')).toEqual([]);

    await user.clear(input);
    await user.type(input, newKey);
    await user.click(screen.getByRole('button', { name: 'Sleutel vervangen' }));
    expect(await screen.findByText('De betaalprovider is opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/LocationPaymentProvider/7')[0]?.body).toEqual({
      kind: 0,
      apiKey: newKey,
    });
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('adds the first provider in the location settings of the gym', async () => {
    const key = `test_${'a1B2c3D4e5'.repeat(3)}wxyz`;
    const gymInLocation = testClaims({
      gymRights: ['10:AlterGymInformation'],
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
    });
    const { user, requests } = await start('/location/settings/paymentProvider', gymInLocation, {
      'POST /api/Location/5/AddPaymentProvider': () => ({ data: masked }),
    });
    expect(await screen.findByText(/Er is nog geen betaalprovider ingesteld/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Instellingen' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^API-sleutel/), key);
    await user.click(screen.getByRole('button', { name: 'Betaalprovider opslaan' }));
    expect(await screen.findByText('De betaalprovider is opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Location/5/AddPaymentProvider')[0]?.body).toEqual({
      kind: 0,
      apiKey: key,
    });
  });
});

describe('the payment provider of location staff', () => {
  it('shows the key masked and says who may set it: no form without the gym right', async () => {
    const { requests } = await start('/location/settings/paymentProvider', locationStaff, {
      'GET /api/Location/5/PaymentProvider': () => ({
        data: { id: 7, kind: 0, apiKeyMasked: 'live_••••••••9876' },
      }),
    });
    expect(await screen.findByTestId('masked-key')).toHaveTextContent('live_••••••••9876');
    expect(screen.getByText(/Alleen wie de gyminformatie mag wijzigen/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Betaalprovider' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/API-sleutel/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sleutel vervangen' })).not.toBeInTheDocument();
    // The dunning rules of the same tab stay theirs.
    expect(await screen.findByRole('form', { name: 'Incasso en betalingsachterstand' })).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/LocationPaymentProvider/7')).toEqual([]);
  });
});

describe('the direct debit and arrears settings', () => {
  it('explains the rules, and saves the retry days, the grace days and what the door does', async () => {
    const { user, requests } = await start('/locations/5/paymentProvider', alterer, {
      'PUT /api/Location/5/BillingSettings': ({ body }) => ({ data: { locationId: 5, ...(body as object) } }),
    });
    const form = within(await screen.findByRole('form', { name: 'Incasso en betalingsachterstand' }));
    expect(screen.getByRole('heading', { name: 'Incasso en betalingsachterstand' })).toBeInTheDocument();
    // The card sits below the payment provider's, in the same tab.
    expect(screen.getByRole('form', { name: 'Betaalprovider' })).toBeInTheDocument();
    const retry = form.getByRole('textbox', { name: /^Opnieuw incasseren na/ });
    const grace = form.getByRole('textbox', { name: /^Achterstand na/ });
    expect(retry).toHaveValue('3 dagen');
    expect(grace).toHaveValue('7 dagen over de vervaldatum');
    expect(form.getByRole('combobox', { name: /^Bij een betalingsachterstand/ })).toHaveValue(
      'Toegang weigeren',
    );
    expect(form.getByText(/één keer opnieuw geprobeerd/)).toBeInTheDocument();
    expect(form.getByText(/gratis herinnering met 14 dagen om te betalen/)).toBeInTheDocument();
    expect(form.getByText(/'Openstaande betaling'/)).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Ongedaan maken' })).toBeDisabled();

    await user.clear(retry);
    await user.type(retry, '5');
    await user.clear(grace);
    await user.type(grace, '0');
    await user.click(form.getByRole('combobox', { name: /^Bij een betalingsachterstand/ }));
    await user.click(await screen.findByRole('option', { name: 'Toelaten en de balie waarschuwen' }));
    await user.click(form.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('De incasso-instellingen zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/BillingSettings')[0]?.body).toEqual({
      debtPolicy: 1,
      paymentRetryDays: 5,
      paymentGraceDays: 0,
    });
    await waitFor(() => expect(form.getByRole('button', { name: 'Ongedaan maken' })).toBeDisabled());
  });

  it('needs the retry days before sending, and shows an error of the server on its field', async () => {
    const { user, requests } = await start('/location/settings/paymentProvider', locationStaff, {
      'PUT /api/Location/5/BillingSettings': () => failure(400, 'validation.tooBig', 'paymentGraceDays'),
    });
    const form = within(await screen.findByRole('form', { name: 'Incasso en betalingsachterstand' }));
    const retry = form.getByRole('textbox', { name: /^Opnieuw incasseren na/ });
    await user.clear(retry);
    await user.click(form.getByRole('button', { name: 'Opslaan' }));
    expect(await form.findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/BillingSettings')).toEqual([]);

    await user.type(retry, '2');
    await user.click(form.getByRole('button', { name: 'Opslaan' }));
    expect(await form.findByText('Deze waarde is te groot')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /^Achterstand na/ })).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(requests, 'PUT', '/api/Location/5/BillingSettings')).toHaveLength(1);
  });

  it('is not asked for without the right to change the location', async () => {
    const { requests } = await start('/locations/5/general', reader);
    await screen.findByRole('tablist', { name: 'Onderdelen van de locatie' });
    expect(screen.queryByRole('form', { name: 'Incasso en betalingsachterstand' })).not.toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/Location/5/BillingSettings')).toEqual([]);
  });

  it('speaks English', async () => {
    await setLanguage('en');
    await start('/locations/5/paymentProvider', alterer);
    const form = within(await screen.findByRole('form', { name: 'Direct debit and arrears' }));
    expect(form.getByRole('textbox', { name: /^Retry the direct debit after/ })).toHaveValue('3 days');
    expect(form.getByRole('textbox', { name: /^In arrears after/ })).toHaveValue('7 days past the due date');
    expect(form.getByRole('combobox', { name: /^When in arrears/ })).toHaveValue('Refuse entry');
    expect(form.getByText(/free reminder with 14 days to pay/)).toBeInTheDocument();
  });
});

describe('the status requirements', () => {
  it('needs Sleeping after Non-active, and saves both', async () => {
    const { user, requests } = await start('/locations/5/statusRequirements', alterer, {
      'PUT /api/Location/5/EditStatusRequirements': ({ body }) => ({
        data: (body as { statusRequirements: unknown }).statusRequirements,
      }),
    });
    const nonActive = await screen.findByLabelText(/^Non-actief na/);
    const sleeping = screen.getByLabelText(/^Slapend na/);
    expect(nonActive).toHaveValue('30 dagen');
    await user.clear(sleeping);
    await user.type(sleeping, '20');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Slapend moet meer dagen zijn dan non-actief')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/EditStatusRequirements')).toEqual([]);

    // Without Non-active, Sleeping stands on its own.
    await user.clear(nonActive);
    await user.tab();
    expect(nonActive).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De statusvereisten zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/EditStatusRequirements')[0]?.body).toEqual({
      statusRequirements: [
        { memberStatus: 1, requiredDaysOfAbsence: null },
        { memberStatus: 2, requiredDaysOfAbsence: 20 },
      ],
    });
  });
});

describe('the opening hours', () => {
  it('lists the week Monday first and shows an overlap on the exact range', async () => {
    const { user, requests } = await start('/location/settings/openingHours', locationStaff, {
      'POST /api/LocationOpeningHours/openingHours': () =>
        failure(400, 'location.errors.rangesOverlap', 'days[2].ranges[1].from'),
    });
    const table = await screen.findByRole('table', { name: 'Openingstijden' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag']);
    expect(screen.getByRole('switch', { name: 'Gesloten op Zondag' })).toBeChecked();

    // An overlap the form sees itself: on Monday, a second range inside the first.
    await user.click(screen.getByRole('button', { name: 'Tijdvak toevoegen aan Maandag' }));
    fireEvent.change(screen.getByLabelText('Maandag, tijdvak 2, van'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Maandag, tijdvak 2, tot'), { target: { value: '13:00' } });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const mondayRange = screen.getByRole('group', { name: 'Maandag, tijdvak 2' });
    expect(await within(mondayRange).findByText(/overlapt met een ander tijdvak/)).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/LocationOpeningHours/openingHours')).toEqual([]);

    // An error the server finds lands on the range it names.
    await user.click(screen.getByRole('button', { name: 'Tijdvak 2 van Maandag verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const tuesdayRange = screen.getByRole('group', { name: 'Dinsdag, tijdvak 2' });
    expect(await within(tuesdayRange).findByText(/overlapt met een ander tijdvak/)).toBeInTheDocument();
    const sent = requestsTo(requests, 'POST', '/api/LocationOpeningHours/openingHours')[0]?.body as {
      locationId: number;
      days: { weekday: number }[];
    };
    expect(sent.locationId).toBe(5);
    expect(sent.days.map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('closes a day and opens another with a default range', async () => {
    const { user, requests } = await start('/location/settings/openingHours', locationStaff, {
      'POST /api/LocationOpeningHours/openingHours': ({ body }) => ({ data: body }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Gesloten op Zaterdag' }));
    await user.click(screen.getByRole('switch', { name: 'Gesloten op Zondag' }));
    expect(screen.getByLabelText('Zondag, tijdvak 1, van')).toHaveValue('09:00');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De openingstijden zijn opgeslagen.')).toBeInTheDocument();
    const sent = requestsTo(requests, 'POST', '/api/LocationOpeningHours/openingHours')[0]
      ?.body as typeof week;
    expect(sent.days[6]).toEqual({ weekday: 6, closed: true, ranges: [] });
    expect(sent.days[0]).toEqual({ weekday: 0, closed: false, ranges: [{ from: '09:00', to: '17:00' }] });
  });
});
