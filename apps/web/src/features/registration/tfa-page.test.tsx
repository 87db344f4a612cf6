import { Environment } from '@xp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { admin } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';
import { failure, fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, userEvent, waitFor, within } from '@/test/render';
import { CODE } from './test-support';
import { RESEND_COOLDOWN_SECONDS } from './tfa-page';

const newAdmin = admin({ name: 'Noor Visser', activeEnvironment: Environment.Admin, activeGymId: null });
const RIGHT_CODE = '482913';

/** `cookielogintfa` / `ValidateTfa`: the right code signs in, any other is wrong. */
const checkCode = (request: { body: unknown }) =>
  (request.body as { tfaCode: string }).tfaCode === RIGHT_CODE
    ? { data: { claims: newAdmin } }
    : failure(400, 'tfa.errors.invalidCode', 'tfaCode');

setUpAppTests();

const codeInput = () => screen.getByRole('textbox', { name: /^Verificatiecode/ });

/** Lets the resend cooldown run out without waiting for it. */
function skipCooldown() {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + (RESEND_COOLDOWN_SECONDS + 1) * 1000);
}

describe('the verification page of a sign-in', () => {
  it('takes the six digits in one numeric input, refuses a wrong code and signs in with the right one', async () => {
    const requests = fakeAppApi(null, {
      'POST /api/account/cookielogintfa': checkCode,
      'GET /api/Account/SwitchOptions': () => ({
        data: {
          gyms: [],
          locations: [],
          employers: [],
          associations: [],
          contentEnvironments: [],
          suppliers: [],
        },
      }),
    });
    const { router } = await startApp('/account/tfa');
    expect(await screen.findByRole('heading', { name: 'Vul je verificatiecode in' })).toBeInTheDocument();
    expect(screen.getByText(/code van 6 cijfers naar je e-mailadres gestuurd/)).toBeInTheDocument();
    const input = codeInput();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toBeRequired();

    const user = userEvent.setup();
    await user.type(input, '12a3');
    expect(input).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Vul de code van 6 cijfers in')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/account/cookielogintfa')).toHaveLength(0);

    await user.type(input, '456');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() =>
      expect(codeInput()).toHaveAccessibleDescription(
        'Deze code klopt niet. Controleer de code in de laatste e-mail.',
      ),
    );

    await user.clear(codeInput());
    await user.paste('482 913');
    expect(codeInput()).toHaveValue(RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(sessionStore.getClaims()).toEqual(newAdmin);
    expect(
      requestsTo(requests, 'POST', '/api/account/cookielogintfa').map((request) => request.body),
    ).toEqual([{ tfaCode: '123456' }, { tfaCode: RIGHT_CODE }]);
  });

  it('returns to the path of the site it was given, and never to another site', async () => {
    fakeAppApi(null, { 'POST /api/account/cookielogintfa': checkCode });
    const { router } = await startApp(`/account/tfa/${encodeURIComponent('/admin/admins/invited?page=2')}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Verificatiecode/ }), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/admins/invited'));
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('ignores a redirect to another site', async () => {
    fakeAppApi(null, { 'POST /api/account/cookielogintfa': checkCode });
    const { router } = await startApp(`/account/tfa/${encodeURIComponent('//evil.example.com/x')}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Verificatiecode/ }), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('shows the cooldown first, then sends a new code', async () => {
    const requests = fakeAppApi(null, { 'POST /api/account/cookielogintfa/resend': () => ({ data: null }) });
    await startApp('/account/tfa');
    const resend = await screen.findByRole('button', { name: 'Nieuwe code sturen' });
    expect(resend).toBeDisabled();
    expect(
      screen.getByText(/Over (60|59) seconden kun je een nieuwe code laten sturen\./),
    ).toBeInTheDocument();

    skipCooldown();
    await waitFor(() => expect(resend).toBeEnabled());
    expect(screen.getByText('Geen code ontvangen?')).toBeInTheDocument();
    await userEvent.setup().click(resend);

    expect(
      await screen.findByText('Er is een nieuwe code naar je e-mailadres gestuurd.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/account/cookielogintfa/resend')).toHaveLength(1);
    expect(resend).toBeDisabled();
    expect(screen.getByText(/Over \d+ seconden kun je een nieuwe code laten sturen\./)).toBeInTheDocument();
    expect(codeInput()).toHaveFocus();
  });

  it('offers the way back to the login page after too many wrong codes', async () => {
    fakeAppApi(null, {
      'POST /api/account/cookielogintfa': () => failure(400, 'tfa.errors.tooManyAttempts', 'tfaCode'),
    });
    await startApp('/account/tfa');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Verificatiecode/ }), '111111');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Te veel onjuiste pogingen. Vraag een nieuwe code aan of log opnieuw in.',
    );
    expect(within(alert).getByRole('link', { name: 'Terug naar inloggen' })).toHaveAttribute(
      'href',
      '/account/login',
    );
  });

  it('says an expired code is expired, and that the sign-in must start over when nothing is pending', async () => {
    fakeAppApi(null, {
      'POST /api/account/cookielogintfa': () => failure(400, 'tfa.errors.expired'),
      'POST /api/account/cookielogintfa/resend': () => failure(400, 'tfa.errors.expired'),
    });
    await startApp('/account/tfa');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Verificatiecode/ }), '111111');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze code is verlopen of al gebruikt. Vraag een nieuwe code aan.',
    );

    skipCooldown();
    const resend = screen.getByRole('button', { name: 'Nieuwe code sturen' });
    await waitFor(() => expect(resend).toBeEnabled());
    await user.click(resend);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Je aanmelding is verlopen. Log opnieuw in.'),
    );
  });

  it('sends a signed-in user home', async () => {
    fakeAppApi(null, { 'POST /api/account/cookierefresh': () => ({ data: { claims: newAdmin } }) });
    const { router } = await startApp('/account/tfa');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('the verification page of a registration', () => {
  it('checks the code with the registration code and signs the new account in', async () => {
    const requests = fakeAppApi(null, { 'POST /api/Account/ValidateTfa': checkCode });
    const { router } = await startApp(`/account/tfa?code=${CODE}`);
    expect(await screen.findByText(/Je account is aangemaakt\./)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(codeInput(), '000000');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(codeInput()).toHaveAccessibleDescription(/Deze code klopt niet/));
    await user.clear(codeInput());
    await user.type(codeInput(), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(sessionStore.getClaims()).toEqual(newAdmin);
    expect(requestsTo(requests, 'POST', '/api/Account/ValidateTfa').at(-1)?.body).toEqual({
      tfaCode: RIGHT_CODE,
      code: CODE,
    });
  });

  it('sends a new code for the registration and says when the server wants a pause', async () => {
    let isCoolingDown = false;
    const requests = fakeAppApi(null, {
      'POST /api/Account/sendRegistrationTfaCode': () =>
        isCoolingDown ? failure(429, 'tfa.errors.cooldown') : { data: null },
    });
    await startApp(`/account/tfa?code=${CODE}`);
    skipCooldown();
    const resend = await screen.findByRole('button', { name: 'Nieuwe code sturen' });
    await waitFor(() => expect(resend).toBeEnabled());
    const user = userEvent.setup();
    await user.click(resend);
    expect(
      await screen.findByText('Er is een nieuwe code naar je e-mailadres gestuurd.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Account/sendRegistrationTfaCode')[0]?.body).toEqual({
      code: CODE,
    });

    isCoolingDown = true;
    vi.mocked(Date.now).mockReturnValue(Date.now() + 10 * RESEND_COOLDOWN_SECONDS * 1000);
    await waitFor(() => expect(resend).toBeEnabled());
    await user.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Je hebt net een code gekregen. Wacht even voordat je een nieuwe aanvraagt.',
    );
  });

  it('says when the registration code can no longer be used', async () => {
    fakeAppApi(null, { 'POST /api/Account/ValidateTfa': () => failure(404, 'invitation.errors.cancelled') });
    await startApp(`/account/tfa?code=${CODE}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Verificatiecode/ }), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deze uitnodiging is ingetrokken.');
    expect(within(alert).getByRole('link', { name: 'Terug naar inloggen' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await setLanguage('en');
    fakeAppApi(null, { 'POST /api/Account/ValidateTfa': checkCode });
    await startApp(`/account/tfa?code=${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Enter your verification code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Verification code/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send new code' })).toBeDisabled();
    expect(screen.getByText(/You can request a new code in \d+ seconds\./)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Verification code/ }), '999999');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Verification code/ })).toHaveAccessibleDescription(
        'This code is not correct. Check the code in the latest email.',
      ),
    );
  });
});
