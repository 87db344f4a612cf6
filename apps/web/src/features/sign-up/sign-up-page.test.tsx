import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { act, screen, waitFor, within } from '@/test/render';
import { KIOSK_IDLE_MS, SignUpPage } from './sign-up-page';
import {
  CHECKOUT_URL,
  centrum,
  chooseVariant,
  clubPageRoutes,
  confirmAndSubmit,
  errorOf,
  expectStep,
  field,
  fillPersonal,
  overvecht,
  publicClubsRoute,
  RESULT_TOKEN,
  subscriptions,
} from './test-support';

const signUpPath = '/api/SignUp';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  dayjs.locale('nl');
});

function renderClubPage(options: { isKiosk?: boolean; hasFakeTimers?: boolean } = {}) {
  const onCheckout = vi.fn();
  const onResult = vi.fn();
  const rendered = renderWithQuery(
    <SignUpPage
      gymSlug="vitaal"
      locationSlug="utrecht-centrum"
      isKiosk={options.isKiosk}
      onCheckout={onCheckout}
      onResult={onResult}
    />,
    options.hasFakeTimers ? { userEventOptions: { advanceTimers: vi.advanceTimersByTime } } : undefined,
  );
  return { ...rendered, onCheckout, onResult };
}

describe('finding a club', () => {
  it('lists the clubs nearest to a postal code, and goes on with the chosen one', async () => {
    const requests = fakeApi(clubPageRoutes);
    const { user } = renderWithQuery(<SignUpPage onResult={() => {}} onCheckout={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Inschrijven' })).toBeInTheDocument();
    await expectStep('Club zoeken');

    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Vul je postcode in')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '35');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Vul een geldige postcode in (1234 AB)')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/Location/InRangeOfPostalCode')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '11 ab');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    await expectStep('Club kiezen');
    const list = await screen.findByRole('list', { name: 'Clubs' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Vitaal /, { selector: 'p' }).textContent)).toEqual([
      'Vitaal Utrecht Centrum',
      'Vitaal Overvecht',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Oudegracht 12, 3511 AB Utrecht')).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Location/InRangeOfPostalCode')[0])).toMatchObject({
      postalCode: '3511AB',
      page: '1',
      pageSize: '10',
    });

    await user.click(screen.getByRole('button', { name: 'Kiezen Vitaal Overvecht' }));
    await expectStep('Lidmaatschap');
    // The chosen club's gym names the page.
    expect(screen.getByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal' })).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription/Public')[0])).toEqual({
      locationId: String(overvecht.id),
    });

    // Back keeps the search.
    await user.click(screen.getByRole('button', { name: 'Terug' }));
    await expectStep('Club kiezen');
    expect(screen.getByRole('button', { name: 'Gekozen Vitaal Overvecht' })).toBeInTheDocument();
  });

  it("on a gym's page lists its clubs and searches only among them", async () => {
    const requests = fakeApi(clubPageRoutes);
    const { user } = renderWithQuery(
      <SignUpPage gymSlug="vitaal" onResult={() => {}} onCheckout={() => {}} />,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Kiezen Vitaal Utrecht Centrum' })).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Location/Public')[0])).toMatchObject({
      gymSlug: 'vitaal',
    });
    // The gym's name came with its clubs: nothing was searched yet.
    expect(requestsTo(requests, 'GET', '/api/Location/InRangeOfPostalCode')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '3561');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    await expectStep('Club kiezen');
    await waitFor(() =>
      expect(requestsTo(requests, 'GET', '/api/Location/InRangeOfPostalCode').map(queryOf)).toContainEqual(
        expect.objectContaining({ postalCode: '3561', gymSlug: 'vitaal' }),
      ),
    );
  });

  it('says when the club data cannot be loaded, and loads it again', async () => {
    let isDown = true;
    fakeApi({
      ...clubPageRoutes,
      'GET /api/Location/Public': (request) =>
        isDown ? failure(500, 'general_error') : publicClubsRoute()(request),
    });
    const { user } = renderWithQuery(
      <SignUpPage gymSlug="vitaal" locationSlug="utrecht-centrum" onResult={() => {}} />,
    );
    expect(await screen.findByText(/De gegevens van de club konden niet worden geladen/)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw laden' }));
    await expectStep('Lidmaatschap');
  });
});

describe('choosing a membership', () => {
  it("starts there on a club's page, shows each variant's terms, and asks for a choice", async () => {
    const requests = fakeApi(clubPageRoutes);
    const { user } = renderClubPage();
    await expectStep('Lidmaatschap');
    // The club by its slug, with its gym: one call, nothing searched near a postal code.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal' }),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/Location/Public').map(queryOf)).toEqual([
      expect.objectContaining({ gymSlug: 'vitaal', locationSlug: 'utrecht-centrum', pageSize: '1' }),
    ]);
    expect(requestsTo(requests, 'GET', '/api/Location/InRangeOfPostalCode')).toHaveLength(0);
    expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription/Public')[0])).toEqual({
      locationId: String(centrum.id),
    });
    const basis = await screen.findByRole('radio', { name: 'Maandelijks' });
    expect(basis).toHaveAccessibleDescription(
      /Looptijd 12 maanden · opzegtermijn 1 maand.*Eenmalige kosten €\s19,95 · Onbeperkt sporten/,
    );
    expect(within(basis).getByText('€ 29,95 per maand')).toBeInTheDocument();
    const student = screen.getByRole('radio', { name: 'Per 4 weken' });
    expect(within(student).getByText('€ 19,95 per 4 weken')).toBeInTheDocument();
    expect(student).toHaveAccessibleDescription(/Geen eenmalige kosten · 2 keer per week/);
    expect(screen.getByText('Voor 16 t/m 25 jaar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Kies een lidmaatschap')).toBeInTheDocument();
    await expectStep('Lidmaatschap');

    await user.click(basis);
    expect(basis).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await expectStep('Gegevens');
    // Back keeps the choice.
    await user.click(screen.getByRole('button', { name: 'Terug' }));
    expect(await screen.findByRole('radio', { name: 'Maandelijks' })).toHaveAttribute('aria-checked', 'true');
  });
});

describe('the personal data', () => {
  it('tells that the age does not fit the subscription before sending anything', async () => {
    const requests = fakeApi(clubPageRoutes);
    const { user } = renderClubPage();
    await chooseVariant(user, /Per 4 weken/);
    await fillPersonal(user, { dateOfBirth: '12-04-1980' });
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await waitFor(() =>
      expect(errorOf(/^Geboortedatum/)).toContain('De leeftijd past niet bij dit abonnement'),
    );
    await expectStep('Gegevens');
    expect(requestsTo(requests, 'POST', signUpPath)).toHaveLength(0);
  });

  it('shows a wrong IBAN on its field', async () => {
    fakeApi(clubPageRoutes);
    const { user } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user, { iban: 'NL00BANK0123456789' });
    expect(field(/^IBAN/)).toHaveValue('NL00 BANK 0123 4567 89');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await waitFor(() => expect(errorOf(/^IBAN/)).toContain('Dit is geen geldig IBAN'));
    await expectStep('Gegevens');
  });

  it("signs up, sends the contract's values, and goes to the checkout", async () => {
    const requests = fakeApi({
      ...clubPageRoutes,
      [`POST ${signUpPath}`]: () => ({
        data: { checkoutUrl: CHECKOUT_URL, resultToken: RESULT_TOKEN, mailSent: false },
      }),
    });
    const { user, onCheckout } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await expectStep('Overzicht');
    expect(screen.getByTestId('sign-up-due-now')).toHaveTextContent('€ 49,90');
    expect(screen.getByText('Mevr. Noor Visser')).toBeInTheDocument();
    expect(screen.getByText('Basis · Maandelijks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inschrijven en betalen' }));
    expect(
      await screen.findByText('Ga akkoord met de automatische incasso om je in te schrijven'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', signUpPath)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /automatische incasso/ }));
    await user.click(screen.getByRole('button', { name: 'Inschrijven en betalen' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(screen.getByText('Je gaat nu naar de betaalpagina…')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', signUpPath)[0]?.body).toEqual({
      locationId: centrum.id,
      subscriptionId: subscriptions[0]?.id,
      variantId: 101,
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      email: 'noor@example.com',
      password: 'lang-genoeg-2026',
      confirmPassword: 'lang-genoeg-2026',
      phoneNumber: '06 12345678',
      gender: 1,
      firstName: 'Noor',
      lastName: 'Visser',
      dateOfBirth: '1990-04-12',
      street: 'Lange Nieuwstraat',
      houseNumber: '8',
      postalCode: '3512 PN',
      city: 'Utrecht',
      accountHolder: 'N. Visser',
      iban: 'NL91ABNA0417164300',
      kiosk: false,
      language: 'nl',
      website: '',
    });
  });

  it("takes the person back to the field the server refused, with the server's error", async () => {
    fakeApi({
      ...clubPageRoutes,
      [`POST ${signUpPath}`]: () => failure(400, 'signUp.errors.ibanInvalid', 'iban'),
    });
    const { user, onCheckout } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user);
    await confirmAndSubmit(user);
    await expectStep('Gegevens');
    expect(errorOf(/^IBAN/)).toContain('Dit is geen geldig IBAN');
    expect(onCheckout).not.toHaveBeenCalled();
  });

  it('puts the age the server refused on the date of birth', async () => {
    fakeApi({
      ...clubPageRoutes,
      [`POST ${signUpPath}`]: () => failure(400, 'member.errors.ageDoesNotMatch', 'subscriptionId'),
    });
    const { user } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user);
    await confirmAndSubmit(user);
    await expectStep('Gegevens');
    expect(errorOf(/^Geboortedatum/)).toContain('De leeftijd past niet bij dit abonnement');
  });

  it('takes the person back to the memberships when the club no longer offers the chosen one', async () => {
    const requests = fakeApi({
      ...clubPageRoutes,
      [`POST ${signUpPath}`]: () => failure(400, 'member.errors.variantNotFound', 'variantId'),
    });
    const { user } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user);
    await confirmAndSubmit(user);
    await expectStep('Lidmaatschap');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit lidmaatschap wordt niet meer aangeboden');
    // The club's offer as it is now.
    await waitFor(() =>
      expect(requestsTo(requests, 'GET', '/api/Subscription/Public').length).toBeGreaterThan(1),
    );
  });

  it('says plainly when the membership could not be made, or the server had too many tries', async () => {
    let reply = failure(500, 'general_error');
    fakeApi({ ...clubPageRoutes, [`POST ${signUpPath}`]: () => reply });
    const { user } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user);
    await confirmAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Probeer het opnieuw of neem contact op met de club/,
    );
    reply = failure(429, 'auth.tooManyAttempts');
    await user.click(screen.getByRole('button', { name: 'Inschrijven en betalen' }));
    expect(await screen.findByText(/Te veel pogingen/)).toBeInTheDocument();
  });
});

describe('an address that has an account already', () => {
  it('says a mail went out, the same for every address; the login popup signs up at once with a proven account', async () => {
    const mailSent = () => ({ data: { checkoutUrl: null, resultToken: null, mailSent: true } });
    const answers = [
      mailSent,
      mailSent,
      () => ({ data: { checkoutUrl: CHECKOUT_URL, resultToken: RESULT_TOKEN, mailSent: false } }),
    ];
    const requests = fakeApi({
      ...clubPageRoutes,
      [`POST ${signUpPath}`]: () => (answers.shift() ?? answers[0]!)(),
    });
    const { user, onCheckout } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user);
    await confirmAndSubmit(user);

    expect(
      await screen.findByText(/We hebben een e-mail gestuurd naar noor@example\.com/),
    ).toBeInTheDocument();
    expect(onCheckout).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ik heb al een account: inloggen' }));
    const popup = await screen.findByRole('dialog', { name: 'Inloggen met je account' });
    const password = within(popup).getByLabelText(/^Wachtwoord van je account/, { selector: 'input' });
    await user.type(password, 'mijn-oude-wachtwoord');
    await user.click(within(popup).getByRole('button', { name: 'Inloggen en inschrijven' }));
    expect(await within(popup).findByText(/Gebruik de link in de e-mail/)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'het-goede-wachtwoord');
    await user.click(within(popup).getByRole('button', { name: 'Inloggen en inschrijven' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(CHECKOUT_URL));

    const sent = requestsTo(requests, 'POST', signUpPath).map(
      (request) => request.body as { password: string; confirmPassword: string; email: string },
    );
    expect(sent.map(({ password: typed, confirmPassword }) => [typed, confirmPassword])).toEqual([
      ['lang-genoeg-2026', 'lang-genoeg-2026'],
      ['mijn-oude-wachtwoord', 'mijn-oude-wachtwoord'],
      ['het-goede-wachtwoord', 'het-goede-wachtwoord'],
    ]);
    expect(new Set(sent.map(({ email }) => email))).toEqual(new Set(['noor@example.com']));
  });
});

describe('the kiosk', () => {
  it('has no login popup: the mail that confirms the sign-up is all it says', async () => {
    const requests = fakeApi({
      ...clubPageRoutes,
      [`POST ${signUpPath}`]: () => ({ data: { checkoutUrl: null, resultToken: null, mailSent: true } }),
    });
    const { user } = renderClubPage({ isKiosk: true });
    await chooseVariant(user, /Maandelijks/);
    // Nothing the tablet's browser could offer the next person.
    expect(field(/^E-mailadres/)).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByRole('button', { name: 'Volgende' })).toHaveAttribute('data-size', 'xl');
    await fillPersonal(user);
    await confirmAndSubmit(user);
    expect(await screen.findByText(/We hebben een e-mail gestuurd naar/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ik heb al een account: inloggen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(requests, 'POST', signUpPath)[0]?.body).toMatchObject({ kiosk: true });
  });

  it('starts over after 90 s without a touch, with nothing of the previous person left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi(clubPageRoutes);
    const { user, queryClient } = renderClubPage({ isKiosk: true, hasFakeTimers: true });
    await chooseVariant(user, /Maandelijks/);
    await user.type(field(/^E-mailadres/), 'vorige@example.com');
    await user.type(field(/^Voornaam/), 'Vorige');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();

    // Still busy: a touch starts the wait again.
    await act(() => vi.advanceTimersByTimeAsync(KIOSK_IDLE_MS - 5_000));
    await user.type(field(/^Last name/), 'Persoon');
    await act(() => vi.advanceTimersByTimeAsync(KIOSK_IDLE_MS - 5_000));
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    expect(field(/^First name/)).toHaveValue('Vorige');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    // In Dutch again, at the start.
    await expectStep('Lidmaatschap');
    expect(await screen.findByRole('radio', { name: 'Maandelijks' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.queryByDisplayValue('vorige@example.com')).not.toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Maandelijks' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await expectStep('Gegevens');
    expect(field(/^E-mailadres/)).toHaveValue('');
    expect(field(/^Voornaam/)).toHaveValue('');
  });
});

describe('the language', () => {
  it('switches to English without losing what was typed, and is remembered', async () => {
    fakeApi(clubPageRoutes);
    const { user } = renderClubPage();
    await chooseVariant(user, /Maandelijks/);
    await user.type(field(/^Voornaam/), 'Noor');
    const languages = screen.getByRole('navigation', { name: 'Taal' });
    expect(within(languages).getByRole('button', { name: 'Nederlands' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(languages).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(field(/^First name/)).toHaveValue('Noor');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('a page that names what does not exist', () => {
  it('says the club is unknown', async () => {
    fakeApi(clubPageRoutes);
    renderWithQuery(<SignUpPage gymSlug="vitaal" locationSlug="bestaat-niet" onResult={() => {}} />);
    expect(await screen.findByText(/Deze club bestaat niet/)).toBeInTheDocument();
  });

  it('says the gym is unknown', async () => {
    fakeApi({ 'GET /api/Location/Public': () => failure(404, 'location.errors.gymNotFound') });
    renderWithQuery(<SignUpPage gymSlug="niemand" onResult={() => {}} />);
    expect(await screen.findByText(/Deze sportschool bestaat niet/)).toBeInTheDocument();
  });
});
