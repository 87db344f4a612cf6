import texts from 'virtual:login-texts';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Environment } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginEntry, leaveIfSignedIn, redirectParam } from './login-entry';
import { createLoginI18n } from './login-i18n';
import { loadPage, replacePage } from './page-load';

vi.mock('./page-load', () => ({ loadPage: vi.fn(), replacePage: vi.fn() }));

type Reply = { status?: number; data?: unknown; errors?: { key: string; message: string }[] };

/** A fake API for `POST /api/...`; records the requests. */
function fakeApi(routes: Record<string, (body: unknown) => Reply>) {
  const requests: { url: string; init: RequestInit; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ url, init, body });
      const reply = routes[`${init.method} ${url}`]?.(body) ?? { status: 404, errors: [] };
      const status = reply.status ?? 200;
      return new Response(
        JSON.stringify({ ok: status < 400, data: reply.data ?? null, errors: reply.errors ?? [] }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return requests;
}

const location = {
  claims: {
    userId: 2,
    role: 'Employee',
    activeEnvironment: Environment.Location,
    language: 'nl',
  },
};

function renderEntry(redirectUrl?: string, language: 'nl' | 'en' = 'nl') {
  const i18n = createLoginI18n(language);
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <LoginEntry redirectUrl={redirectUrl} i18n={i18n} />
    </MantineProvider>,
  );
  return { user, i18n };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, password = 'geheim') {
  await user.type(screen.getByRole('textbox', { name: /E-mailadres|Email address/ }), 'locatie@example.com');
  await user.type(screen.getByLabelText(/^(Wachtwoord|Password)/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: /^(Inloggen|Log in)$/ }));
}

/** No translation key shows as such: the login texts hold every text of the page. */
const expectNoRawKeys = () =>
  expect(document.body.textContent).not.toMatch(/\b(auth|validation|errors|shell|ui)\.[a-zA-Z]/);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(loadPage).mockClear();
  vi.mocked(replacePage).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the login entry', () => {
  it("shows the app's login page in Dutch with only the login texts", () => {
    renderEntry();
    expect(screen.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.getByText('Log in met je e-mailadres en wachtwoord.')).toBeInTheDocument();
    expect(screen.getByText('XP Back-office')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute(
      'href',
      '/account/password-forgotten',
    );
    expect(document.documentElement.lang).toBe('nl');
    expectNoRawKeys();
  });

  it('says what is missing with the texts of the contract, without a call', async () => {
    const requests = fakeApi({});
    const { user } = renderEntry();
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(2);
    expect(requests).toHaveLength(0);
    expectNoRawKeys();
  });

  it('posts the login as the app does and shows wrong credentials and too many attempts', async () => {
    let attempts = 0;
    const requests = fakeApi({
      'POST /api/account/cookielogin': () =>
        ++attempts < 2
          ? { status: 400, errors: [{ key: 'general', message: 'auth.invalidCredentials' }] }
          : { status: 429, errors: [{ key: 'general', message: 'auth.tooManyAttempts' }] },
    });
    const { user } = renderEntry();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Het e-mailadres of wachtwoord is onjuist.');
    expect(requests[0]?.body).toEqual({ email: 'locatie@example.com', password: 'geheim' });
    expect(requests[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });

    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Te veel inlogpogingen'));
    expect(loadPage).not.toHaveBeenCalled();
    expectNoRawKeys();
  });

  it('loads the home page of the role after signing in, or the page the visitor was going to', async () => {
    fakeApi({ 'POST /api/account/cookielogin': () => ({ data: { requiresTfa: false, ...location } }) });
    const first = renderEntry();
    await fillAndSubmit(first.user);
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/location'));
    document.body.innerHTML = '';

    const second = renderEntry(redirectParam('/account/login/%2Flocation%2Fareas%3Fpage%3D2'));
    await fillAndSubmit(second.user);
    await waitFor(() => expect(loadPage).toHaveBeenLastCalledWith('/location/areas?page=2'));
  });

  it('loads the verification page when the account asks for it', async () => {
    fakeApi({ 'POST /api/account/cookielogin': () => ({ data: { requiresTfa: true, claims: null } }) });
    const { user } = renderEntry('/location/areas');
    await fillAndSubmit(user);
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/account/tfa/%2Flocation%2Fareas'));
  });

  it('switches to English and remembers it as the app does', async () => {
    const { user } = renderEntry();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expectNoRawKeys();
  });

  it('starts in the language picked in this browser', () => {
    localStorage.setItem('language', 'en');
    const i18n = createLoginI18n();
    expect(i18n.language).toBe('en');
  });

  it('has the same login texts in both languages', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keys(texts.en).sort()).toEqual(keys(texts.nl).sort());
    expect(keys(texts.nl)).toEqual(
      expect.arrayContaining([
        'auth.login.title',
        'validation.required',
        'general_error',
        'ui.password.toggle',
      ]),
    );
  });
});

describe('a signed-in visitor of the login entry', () => {
  it('goes to their home path', async () => {
    const requests = fakeApi({ 'POST /api/account/restore': () => ({ data: location }) });
    await leaveIfSignedIn();
    expect(replacePage).toHaveBeenCalledWith('/location');
    expect(requests[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
  });

  it('stays without a session, or when the call fails', async () => {
    fakeApi({ 'POST /api/account/restore': () => ({ data: { claims: null } }) });
    await leaveIfSignedIn();
    fakeApi({ 'POST /api/account/restore': () => ({ status: 500, errors: [] }) });
    await leaveIfSignedIn();
    expect(replacePage).not.toHaveBeenCalled();
  });
});

describe('redirectParam', () => {
  it('reads the return path of /account/login/{redirectUrl}, decoded once, in any case', () => {
    expect(redirectParam('/account/login')).toBeUndefined();
    expect(redirectParam('/account/login/')).toBeUndefined();
    expect(redirectParam('/account/login/%2Flocation%2Fareas')).toBe('/location/areas');
    expect(redirectParam('/Account/Login/%2Flocation%2Fareas/')).toBe('/location/areas');
    expect(redirectParam('/account/login/%252Fadmin')).toBe('%2Fadmin');
    expect(redirectParam('/account/login/%E0%A4%A')).toBeUndefined();
    expect(redirectParam('/account/loginx/%2Fadmin')).toBeUndefined();
  });
});
