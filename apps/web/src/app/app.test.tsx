import { notifications } from '@mantine/notifications';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Claims, Environment, type SwitchOptions } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { registerAnsweredEndpoint } from '@/test/fake-api';
import { App } from './app';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { forgetRestoredSession, installSessionHooks } from './session';
import { sessionStore } from './session-store';
import { admin, testClaims } from './test-support/claims';

const locationEmployee = testClaims({
  name: 'Lotte Bakker',
  activeEnvironment: Environment.Location,
  activeLocationId: 5,
  locationRights: ['5:ManageLocationAreas', '5:ManageLessons'],
});

const switchOptions: SwitchOptions = {
  gyms: [{ id: 10, name: 'Fitland Utrecht' }],
  locations: [{ id: 5, name: 'Utrecht Centrum' }],
  employers: [{ id: 3, name: 'Bouwbedrijf Jansen' }],
  associations: [{ id: 4, name: 'Hockeyclub Zeist' }],
  contentEnvironments: [{ id: 6, name: 'Fitland Content' }],
  suppliers: [{ id: 7, name: 'SportSupply BV' }],
};

type Reply = {
  status?: number;
  data?: unknown;
  errors?: { key: string; message: string }[];
  headers?: object;
};
type Route = (body: unknown) => Reply;

/** A fake API: `METHOD /api/path` -> reply; records every request. */
function fakeApi(given: Record<string, Route>) {
  const refresh = given['POST /api/account/cookierefresh'];
  // The start-up restore is `cookierefresh` answering claims null instead of a 401.
  const routes: Record<string, Route> = {
    ...(refresh && {
      'POST /api/account/restore': (body: unknown) => {
        const reply = refresh(body);
        return reply.status === 401 ? { data: { claims: null } } : reply;
      },
    }),
    ...given,
  };
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method: init.method ?? 'GET', url, body });
    const route = routes[`${init.method} ${url}`] ?? routes[`${init.method} ${url.split('?')[0]}`];
    if (route) registerAnsweredEndpoint(init.method ?? 'GET', url.split('?')[0] ?? url);
    const reply = route
      ? route(body)
      : { status: 404, errors: [{ key: 'general', message: 'errors.notFound' }] };
    const status = reply.status ?? 200;
    const ok = status < 400;
    return new Response(
      JSON.stringify({ ok, data: ok ? (reply.data ?? null) : null, errors: reply.errors ?? [] }),
      {
        status,
        headers: { 'Content-Type': 'application/json', ...(reply.headers as Record<string, string>) },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

const signedOut: Route = () => ({ status: 401, errors: [{ key: 'general', message: 'auth.refreshFailed' }] });
const session =
  (claims: Claims): Route =>
  () => ({ data: { claims } });
const options: Route = () => ({ data: switchOptions });

async function startApp(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, session: sessionStore }, history);
  installSessionHooks(router, queryClient);
  await act(async () => {
    render(<App router={router} queryClient={queryClient} env="test" />);
  });
  return { router, history };
}

beforeEach(async () => {
  // jsdom has no scrolling; the router restores scroll positions.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  localStorage.clear();
  sessionStore.setClaims(null);
  forgetRestoredSession();
  await setLanguage('nl');
  localStorage.clear();
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing in', () => {
  it('sends a visitor to the login page and back to where they were going after signing in', async () => {
    const requests = fakeApi({
      'POST /api/account/cookierefresh': signedOut,
      'POST /api/account/cookielogin': (body) =>
        (body as { password: string }).password === 'demo-2026-welkom'
          ? { data: { requiresTfa: false, claims: locationEmployee } }
          : { status: 400, errors: [{ key: 'general', message: 'auth.invalidCredentials' }] },
      'GET /api/Account/SwitchOptions': options,
    });
    const { router } = await startApp('/location');

    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/login/%2Flocation');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mailadres/), 'locatie@example.com');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'fout');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Het e-mailadres of wachtwoord is onjuist.');

    await user.clear(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'demo-2026-welkom');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByRole('heading', { name: /Utrecht Centrum/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/location');
    expect(screen.getByText('Welkom, Lotte Bakker.')).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('link', { name: 'Zalen en buitenlocaties' })).toHaveAttribute(
      'href',
      '/location/areas',
    );
    expect(requests.filter((request) => request.url === '/api/account/cookielogin').at(-1)?.body).toEqual({
      email: 'locatie@example.com',
      password: 'demo-2026-welkom',
    });
  });

  it('shows the validation messages of the contract and too many attempts', async () => {
    fakeApi({
      'POST /api/account/cookierefresh': signedOut,
      'POST /api/account/cookielogin': () => ({
        status: 429,
        errors: [{ key: 'general', message: 'auth.tooManyAttempts' }],
      }),
    });
    await startApp('/account/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(await screen.findAllByText('Dit veld is verplicht')).toHaveLength(2);

    await user.type(screen.getByLabelText(/E-mailadres/), 'gym@example.com');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Te veel inlogpogingen');
  });

  it('goes to the verification page when the account requires it', async () => {
    fakeApi({
      'POST /api/account/cookierefresh': signedOut,
      'POST /api/account/cookielogin': () => ({ data: { requiresTfa: true, claims: null } }),
    });
    const { router } = await startApp('/account/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mailadres/), 'gym@example.com');
    await user.type(screen.getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'geheim');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/tfa'));
    expect(sessionStore.getClaims()).toBeNull();
  });
});

describe('the signed-in shell', () => {
  it('restores the session, switches environment and lands on its home path', async () => {
    const requests = fakeApi({
      'POST /api/account/cookierefresh': session(admin()),
      'GET /api/Account/SwitchOptions': options,
      'PUT /api/Account/SwitchActiveEnvironment': (body) => ({
        data: {
          claims: admin({
            activeEnvironment: (body as { Environment: number }).Environment,
            activeEmployerId: 3,
          }),
        },
      }),
    });
    const { router } = await startApp('/');
    expect(await screen.findByRole('heading', { name: /Fitland Utrecht/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Omgeving' }));
    const choices = screen.getAllByRole('option').map((option) => option.textContent);
    expect(choices).toEqual(['Admin', 'Sportschool', 'Vereniging', 'Werkgever', 'Content', 'Leverancier']);
    await user.click(screen.getByRole('option', { name: 'Werkgever' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'));
    expect(await screen.findByRole('heading', { name: /Bouwbedrijf Jansen/ })).toBeInTheDocument();
    expect(requests.find((request) => request.url.endsWith('SwitchActiveEnvironment'))?.body).toEqual({
      Environment: Environment.Employer,
    });
  });

  it('leaves the page of the old environment without refetching it under the new one', async () => {
    let environment: number = Environment.Employer;
    const inEnvironment = (next: number) =>
      admin({ activeEnvironment: next, activeEmployerId: 3, activeContentEnvironmentId: 6 });
    const requests = fakeApi({
      'POST /api/account/cookierefresh': () => ({ data: { claims: inEnvironment(environment) } }),
      'GET /api/Account/SwitchOptions': options,
      // The server scopes the list to the active employer: under Content it is refused.
      'GET /api/challenge': () =>
        environment === Environment.Employer
          ? { data: { items: [], total: 0, tabCounts: { all: 0, active: 0, inactive: 0 } } }
          : { status: 403, errors: [{ key: 'general', message: 'errors.forbidden' }] },
      'PUT /api/Account/SwitchActiveEnvironment': (body) => {
        environment = (body as { Environment: number }).Environment;
        return { data: { claims: inEnvironment(environment) } };
      },
    });
    const { router } = await startApp('/employer/challenges');
    const listCalls = () => requests.filter((request) => request.url.startsWith('/api/challenge')).length;
    await waitFor(() => expect(listCalls()).toBe(1));

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Omgeving' }));
    await user.click(screen.getByRole('option', { name: 'Content' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/content'));
    expect(await screen.findByRole('heading', { name: /Fitland Content/ })).toBeInTheDocument();
    expect(listCalls()).toBe(1);
    expect(requests.filter((request) => request.url.endsWith('SwitchOptions')).length).toBeGreaterThan(1);
  });

  it("switches to 'Hoofdlocatie' with locationId null, and shows the location error toast on failure", async () => {
    const gymStaff = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      gymRights: ['10:ManageMembers'],
    });
    const requests = fakeApi({
      'POST /api/account/cookierefresh': session(gymStaff),
      'GET /api/Account/SwitchOptions': options,
      'PUT /api/Account/SwitchActiveLocation': () => ({
        data: { claims: { ...gymStaff, activeEnvironment: Environment.Gym, activeLocationId: null } },
      }),
      'PUT /api/Account/SwitchActiveEnvironment': () => ({
        status: 403,
        errors: [{ key: 'general', message: 'x' }],
      }),
    });
    const { router } = await startApp('/location');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Locatie' }));
    await user.click(screen.getByRole('option', { name: 'Hoofdlocatie' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((request) => request.url.endsWith('SwitchActiveLocation'))?.body).toEqual({
      locationId: null,
    });

    // The environment switcher of a non-admin with gym rights offers Gym only; a failed switch shows a toast.
    sessionStore.setClaims({ ...gymStaff });
    await user.click(await screen.findByRole('combobox', { name: 'Omgeving' }));
    const gym = screen.getByRole('option', { name: 'Sportschool' });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await user.click(gym);
    expect(await screen.findByText('Wisselen van omgeving is mislukt.')).toBeInTheDocument();
  });

  it('changes the language from the user menu and logs out', async () => {
    const requests = fakeApi({
      'POST /api/account/cookierefresh': session(testClaims({ gymRights: ['10:ManageMembers'] })),
      'GET /api/Account/SwitchOptions': options,
      'POST /api/account/cookielogout': () => ({ data: null }),
    });
    const { router } = await startApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gebruikersmenu van Sanne de Vries' }));
    await user.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByText('Welcome, Sanne de Vries.')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'User menu of Sanne de Vries' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));
    expect(sessionStore.getClaims()).toBeNull();
    expect(requests.some((request) => request.url === '/api/account/cookielogout')).toBe(true);
  });

  it('goes to the login page with the current path when the session cannot be refreshed', async () => {
    let refreshes = 0;
    fakeApi({
      'POST /api/account/cookierefresh': () => {
        refreshes += 1;
        return refreshes === 1 ? { data: { claims: locationEmployee } } : signedOut(null);
      },
      'GET /api/Account/SwitchOptions': () => ({
        status: 401,
        errors: [{ key: 'general', message: 'auth.sessionExpired' }],
        headers: { 'Token-Expired': 'true' },
      }),
    });
    const { router } = await startApp('/location');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login/%2Flocation'));
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(sessionStore.getClaims()).toBeNull();
  });

  it('applies the language of the account unless one was picked here', async () => {
    fakeApi({
      'POST /api/account/cookierefresh': session(testClaims({ language: 'en' })),
      'GET /api/Account/SwitchOptions': options,
    });
    await startApp('/');
    expect(await screen.findByText('Welcome, Sanne de Vries.')).toBeInTheDocument();
  });

  it("shows an employer's employee without a back-office what the account is for, not an empty shell", async () => {
    const requests = fakeApi({
      'POST /api/account/cookierefresh': session(testClaims({ activeGymId: null, name: 'Daan Smit' })),
      'GET /api/Account/SwitchOptions': options,
      'POST /api/account/cookielogout': () => ({ data: null }),
    });
    const { router } = await startApp('/');
    expect(await screen.findByRole('heading', { name: 'Dit account is voor de app' })).toBeInTheDocument();
    expect(screen.getByText('Je bent ingelogd als Daan Smit.')).toBeInTheDocument();
    expect(screen.getByText(/Deze back-office is er voor medewerkers/)).toBeInTheDocument();
    expect(screen.queryByText('Geen sportschool gekozen')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'This account is for the app' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));
    expect(sessionStore.getClaims()).toBeNull();
    expect(requests.some((request) => request.url === '/api/account/cookielogout')).toBe(true);
  });

  it('shows the not-found page for an unknown path', async () => {
    fakeApi({
      'POST /api/account/cookierefresh': session(admin()),
      'GET /api/Account/SwitchOptions': options,
    });
    await startApp('/bestaat-niet');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });
});

describe('password forgotten', () => {
  it('raises no error when the empty e-mail field is left for the link back, and validates on submit', async () => {
    const requests = fakeApi({ 'POST /api/account/cookierefresh': signedOut });
    await startApp('/account/password-forgotten');
    const email = await screen.findByLabelText(/E-mailadres/);
    const user = userEvent.setup();
    await user.click(email);
    await user.tab();
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/verplicht|geldig e-mailadres/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Verstuur|Versturen|link/i }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(requests.some((request) => request.url.includes('forgot'))).toBe(false);
  });
});
