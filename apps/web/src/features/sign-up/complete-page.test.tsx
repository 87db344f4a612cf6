import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { act, screen, waitFor, within } from '@/test/render';
import { CompleteSignUpPage } from './complete-page';
import {
  CHECKOUT_URL,
  errorOf,
  expectStep,
  field,
  openRegistration,
  PUBLIC_CODE,
  RESULT_TOKEN,
} from './test-support';
import { KIOSK_IDLE_MS } from './use-idle';

/*
 * `/inschrijven/afronden/$publicCode` (decision 018): a registration begun at the desk, finished by the
 * person from the desk's link.
 */

const path = `/api/SignUp/Open/${PUBLIC_CODE}`;

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

function renderPage(options: { isKiosk?: boolean; hasFakeTimers?: boolean } = {}) {
  const onCheckout = vi.fn();
  const onResult = vi.fn();
  const rendered = renderWithQuery(
    <CompleteSignUpPage
      publicCode={PUBLIC_CODE}
      isKiosk={options.isKiosk}
      onCheckout={onCheckout}
      onResult={onResult}
    />,
    options.hasFakeTimers ? { userEventOptions: { advanceTimers: vi.advanceTimersByTime } } : undefined,
  );
  return { ...rendered, onCheckout, onResult };
}

type User = ReturnType<typeof renderPage>['user'];

/** What the desk could not type: the password, and the bank account. */
async function fillTheRest(user: User) {
  await user.type(field(/^Wachtwoord/), 'lang-genoeg-2026');
  await user.type(field(/^Herhaal wachtwoord/), 'lang-genoeg-2026');
  await user.type(field(/^Naam rekeninghouder/), 'N. van Visser');
  await user.type(field(/^IBAN/), 'nl91abna0417164300');
}

/** To the summary, the mandate given, and 'Inschrijving afronden'. */
async function confirmAndFinish(user: User) {
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await expectStep('Overzicht');
  await user.click(screen.getByRole('checkbox', { name: /automatische incasso/ }));
  await user.click(screen.getByRole('button', { name: 'Inschrijving afronden' }));
}

describe('finishing a registration begun at the desk', () => {
  it('shows what the desk typed and chose, and goes to the checkout with the data sent', async () => {
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: openRegistration }),
      [`POST ${path}`]: () => ({ data: { checkoutUrl: CHECKOUT_URL, resultToken: RESULT_TOKEN } }),
    });
    const { user, onCheckout, onResult } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inschrijving afronden bij Vitaal' }),
    ).toBeInTheDocument();
    await expectStep('Gegevens');

    // Prefilled with what the desk typed; no club, membership or start to choose.
    expect(field(/^E-mailadres/)).toHaveValue('noor@example.com');
    expect(field(/^Voornaam/)).toHaveValue('Noor');
    expect(field(/^Tussenvoegsel/)).toHaveValue('van');
    expect(field(/^Achternaam/)).toHaveValue('Visser');
    expect(field(/^Geboortedatum/)).toHaveValue('12-04-1990');
    expect(field(/^Straat/)).toHaveValue('Lange Nieuwstraat');
    expect(field(/^Postcode/)).toHaveValue('3512 PN');
    expect(screen.getByRole('radio', { name: 'Mevr.' })).toBeChecked();
    expect(field(/^Wachtwoord/)).toHaveValue('');
    expect(screen.queryByLabelText(/^Startdatum/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lidmaatschap' })).not.toBeInTheDocument();
    const chosen = screen.getByRole('region', { name: 'Je lidmaatschap bij Vitaal Utrecht Centrum' });
    expect(within(chosen).getByText('Basis · Maandelijks, vanaf 01-12-2026')).toBeInTheDocument();

    // What the desk could not fill in is asked.
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await expectStep('Gegevens');
    expect(errorOf(/^IBAN/)).not.toBe('');
    expect(requestsTo(requests, 'POST', path)).toHaveLength(0);

    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await expectStep('Overzicht');
    expect(screen.getByText('Mevr. Noor van Visser')).toBeInTheDocument();
    expect(screen.getByText('Basis · Maandelijks, vanaf 01-12-2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Inschrijving afronden' }));
    expect(
      await screen.findByText('Ga akkoord met de automatische incasso om je in te schrijven'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', path)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /automatische incasso/ }));
    await user.click(screen.getByRole('button', { name: 'Inschrijving afronden' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(onResult).not.toHaveBeenCalled();
    expect(screen.getByText('Je gaat nu naar de betaalpagina…')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', path)[0]?.body).toEqual({
      email: 'noor@example.com',
      password: 'lang-genoeg-2026',
      confirmPassword: 'lang-genoeg-2026',
      phoneNumber: '06 12345678',
      gender: 1,
      firstName: 'Noor',
      insertion: 'van',
      lastName: 'Visser',
      dateOfBirth: '1990-04-12',
      street: 'Lange Nieuwstraat',
      houseNumber: '8',
      postalCode: '3512 PN',
      city: 'Utrecht',
      accountHolder: 'N. van Visser',
      iban: 'NL91ABNA0417164300',
      kiosk: false,
      language: 'nl',
      website: '',
    });
  });

  it("says 'Klaar' when nothing is due, with the form gone", async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ data: openRegistration }),
      [`POST ${path}`]: () => ({ data: { checkoutUrl: null, resultToken: null } }),
    });
    const { user, onCheckout, onResult } = renderPage();
    await expectStep('Gegevens');
    await fillTheRest(user);
    await confirmAndFinish(user);
    expect(await screen.findByText('Klaar! Je inschrijving is afgerond')).toBeInTheDocument();
    expect(screen.getByText('Je bent nu lid bij Vitaal.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('noor@example.com')).not.toBeInTheDocument();
    expect(onCheckout).not.toHaveBeenCalled();
    expect(onResult).not.toHaveBeenCalled();
  });

  it('goes to the result page when there is an invoice but no checkout now', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ data: openRegistration }),
      [`POST ${path}`]: () => ({ data: { checkoutUrl: null, resultToken: RESULT_TOKEN } }),
    });
    const { user, onResult } = renderPage();
    await expectStep('Gegevens');
    await fillTheRest(user);
    await confirmAndFinish(user);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(RESULT_TOKEN));
  });

  it('says kindly that a used or wrong link is used or wrong', async () => {
    const requests = fakeApi({ [`GET ${path}`]: () => failure(404, 'signUp.errors.codeNotFound') });
    renderPage();
    expect(await screen.findByText('Deze link is al gebruikt of klopt niet')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^E-mailadres/)).not.toBeInTheDocument();
    // Not asked again: the answer stands.
    expect(requestsTo(requests, 'GET', path)).toHaveLength(1);
  });

  it('says the link is used when it was used meanwhile', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ data: openRegistration }),
      [`POST ${path}`]: () => failure(404, 'signUp.errors.codeNotFound'),
    });
    const { user } = renderPage();
    await expectStep('Gegevens');
    await fillTheRest(user);
    await confirmAndFinish(user);
    expect(await screen.findByText('Deze link is al gebruikt of klopt niet')).toBeInTheDocument();
  });

  it("puts the server's refusal on its field", async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ data: openRegistration }),
      [`POST ${path}`]: () => failure(409, 'member.errors.emailTaken', 'email'),
    });
    const { user } = renderPage();
    await expectStep('Gegevens');
    await fillTheRest(user);
    await confirmAndFinish(user);
    await expectStep('Gegevens');
    await waitFor(() => expect(errorOf(/^E-mailadres/)).toContain('Er is al een lid met dit e-mailadres'));
  });
});

describe('finishing it on the kiosk', () => {
  it('has large targets and nothing autofilled; a refusal of the address shows on its field', async () => {
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: openRegistration }),
      [`POST ${path}`]: () => failure(409, 'member.errors.emailTaken', 'email'),
    });
    const { user } = renderPage({ isKiosk: true });
    await expectStep('Gegevens');
    expect(screen.getByRole('button', { name: 'Volgende' })).toHaveAttribute('data-size', 'xl');
    expect(field(/^E-mailadres/)).toHaveAttribute('autocomplete', 'off');
    await fillTheRest(user);
    await confirmAndFinish(user);
    await expectStep('Gegevens');
    await waitFor(() => expect(errorOf(/^E-mailadres/)).toContain('Er is al een lid met dit e-mailadres'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(requests, 'POST', path)[0]?.body).toMatchObject({ kiosk: true });
  });

  it('starts over from what the desk typed after 90 s without a touch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ [`GET ${path}`]: () => ({ data: openRegistration }) });
    const { user } = renderPage({ isKiosk: true, hasFakeTimers: true });
    await expectStep('Gegevens');
    await user.type(field(/^Wachtwoord/), 'geheim-van-iemand');
    await user.clear(field(/^Voornaam/));
    await user.type(field(/^Voornaam/), 'Iemand');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(KIOSK_IDLE_MS - 5_000));
    expect(field(/^First name/)).toHaveValue('Iemand');
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    // In Dutch again, with only what the desk typed.
    await expectStep('Gegevens');
    expect(field(/^Voornaam/)).toHaveValue('Noor');
    expect(field(/^Wachtwoord/)).toHaveValue('');
    expect(screen.queryByDisplayValue('geheim-van-iemand')).not.toBeInTheDocument();
  });
});
