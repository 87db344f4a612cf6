import { InvoiceStatus } from '@xp/contracts/enums';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, userEvent } from '@/test/render';
import {
  CHECKOUT_URL,
  chooseVariant,
  clubPageRoutes,
  confirmAndSubmit,
  field,
  fillPersonal,
  openRegistration,
  PUBLIC_CODE,
  RESULT_TOKEN,
} from './test-support';

setUpAppTests();
// The first visit compiles the lazy route chunks, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const paid = {
  gymName: 'Vitaal',
  invoiceNumber: '2026-000123',
  invoiceDate: '2026-11-24',
  dueDate: '2026-11-24',
  totalAmount: 4_990,
  status: InvoiceStatus.Paid,
  isPayable: false,
  isPending: false,
};
const resultRoutes = { [`GET /api/Invoice/Public/${RESULT_TOKEN}`]: () => ({ data: paid }) };

describe('the sign-up routes', () => {
  it("open without an account, outside the back-office's layout", async () => {
    fakeAppApi(null, clubPageRoutes);
    const { router } = await startApp('/inschrijven/vitaal/utrecht-centrum');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lidmaatschap' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inschrijven/vitaal/utrecht-centrum');
    expect(screen.queryByRole('navigation', { name: /menu/i })).not.toBeInTheDocument();
  });

  it('the kiosk: with nothing to pay now, to the result page that comes back to the kiosk', async () => {
    fakeAppApi(null, {
      ...clubPageRoutes,
      ...resultRoutes,
      'POST /api/SignUp': () => ({ data: { checkoutUrl: null, resultToken: RESULT_TOKEN, mailSent: false } }),
    });
    const { router } = await startApp('/inschrijven/vitaal/utrecht-centrum/kiosk');
    const user = userEvent.setup();
    await chooseVariant(user, /Maandelijks/);
    await fillPersonal(user);
    await confirmAndSubmit(user);
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/inschrijven/resultaat/${RESULT_TOKEN}`);
    expect(router.state.matches.at(-1)?.search).toEqual({
      terug: '/inschrijven/vitaal/utrecht-centrum/kiosk',
    });
    expect(screen.getByRole('button', { name: 'Nieuwe inschrijving' })).toHaveAttribute('data-size', 'xl');
  });

  it('the result page keeps a return to a sign-up page', async () => {
    fakeAppApi(null, resultRoutes);
    const { router } = await startApp(
      `/inschrijven/resultaat/${RESULT_TOKEN}?terug=%2Finschrijven%2Fvitaal%2Futrecht-centrum%2Fkiosk`,
    );
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nieuwe inschrijving' })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.search).toEqual({
      terug: '/inschrijven/vitaal/utrecht-centrum/kiosk',
    });
  });

  it('the result page drops a return elsewhere', async () => {
    fakeAppApi(null, resultRoutes);
    const { router } = await startApp(
      `/inschrijven/resultaat/${RESULT_TOKEN}?terug=${encodeURIComponent(CHECKOUT_URL)}`,
    );
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.search).toEqual({ terug: undefined });
    expect(screen.queryByRole('button', { name: 'Nieuwe inschrijving' })).not.toBeInTheDocument();
  });
});

describe('the pages that finish a registration begun at the desk', () => {
  const openPath = `/api/SignUp/Open/${PUBLIC_CODE}`;

  it('open without an account, outside the layout, filled with what the desk typed', async () => {
    fakeAppApi(null, { [`GET ${openPath}`]: () => ({ data: openRegistration }) });
    const { router } = await startApp(`/inschrijven/afronden/${PUBLIC_CODE}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inschrijving afronden bij Vitaal' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Gegevens' })).toBeInTheDocument();
    expect(field(/^Voornaam/)).toHaveValue('Noor');
    expect(router.state.location.pathname).toBe(`/inschrijven/afronden/${PUBLIC_CODE}`);
    expect(screen.queryByRole('navigation', { name: /menu/i })).not.toBeInTheDocument();
  });

  it('say a used link is used', async () => {
    fakeAppApi(null, { [`GET ${openPath}`]: () => failure(404, 'signUp.errors.codeNotFound') });
    await startApp(`/inschrijven/afronden/${PUBLIC_CODE}`);
    expect(await screen.findByText('Deze link is al gebruikt of klopt niet')).toBeInTheDocument();
  });

  it('the kiosk: with an invoice but no checkout, to the result page that comes back to the kiosk', async () => {
    const requests = fakeAppApi(null, {
      ...resultRoutes,
      [`GET ${openPath}`]: () => ({ data: openRegistration }),
      [`POST ${openPath}`]: () => ({ data: { checkoutUrl: null, resultToken: RESULT_TOKEN } }),
    });
    const { router } = await startApp(`/inschrijven/afronden/${PUBLIC_CODE}/kiosk`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Gegevens' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volgende' })).toHaveAttribute('data-size', 'xl');
    await user.type(field(/^Wachtwoord/), 'lang-genoeg-2026');
    await user.type(field(/^Herhaal wachtwoord/), 'lang-genoeg-2026');
    await user.type(field(/^Naam rekeninghouder/), 'N. Visser');
    await user.type(field(/^IBAN/), 'NL91ABNA0417164300');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('heading', { level: 2, name: 'Overzicht' });
    await user.click(screen.getByRole('checkbox', { name: /automatische incasso/ }));
    await user.click(screen.getByRole('button', { name: 'Inschrijving afronden' }));
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/inschrijven/resultaat/${RESULT_TOKEN}`);
    expect(router.state.matches.at(-1)?.search).toEqual({
      terug: `/inschrijven/afronden/${PUBLIC_CODE}/kiosk`,
    });
    expect(requestsTo(requests, 'POST', openPath)[0]?.body).toMatchObject({ kiosk: true });
  });
});
