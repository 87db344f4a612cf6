import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { failure, fakeAppApi, requestsTo, startApp } from '@/test/fake-api';
import { screen } from '@/test/render';
import { adminClaims, setUpAppTests } from './test-support';

setUpAppTests();

const TOKEN = 'Zk3Yx9QwErTy7UiOp2AsDfGh';
const CONFIRM = ['PUT', '/api/Account/ConfirmEmail'] as const;

describe('confirming a changed email address', () => {
  it('confirms the token from the link once, and leads on to the login page', async () => {
    const requests = fakeAppApi(null, { 'PUT /api/Account/ConfirmEmail': () => ({ data: null }) });
    await startApp(`/account/confirm-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Je e-mailadres is bevestigd' })).toBeInTheDocument();
    expect(screen.getByText(/Je nieuwe e-mailadres is nu actief/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de inlogpagina' })).toHaveAttribute(
      'href',
      '/account/login',
    );
    expect(requestsTo(requests, ...CONFIRM).map((request) => request.body)).toEqual([{ token: TOKEN }]);
  });

  it('says when the link is no longer valid, and leads a signed-in user home', async () => {
    fakeAppApi(adminClaims, {
      'PUT /api/Account/ConfirmEmail': () => failure(400, 'user.errors.invalidEmailToken'),
    });
    await startApp(`/account/confirm-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Bevestigen is niet gelukt' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Deze bevestigingslink is ongeldig, al gebruikt of verlopen.',
    );
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/admin');
  });

  it('says when the address was taken in the meantime', async () => {
    fakeAppApi(null, { 'PUT /api/Account/ConfirmEmail': () => failure(409, 'user.errors.emailTaken') });
    await startApp(`/account/confirm-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Er is al een account met dit e-mailadres');
  });

  it('does not ask the server about a link without a token', async () => {
    const requests = fakeAppApi(null, {});
    await startApp('/account/confirm-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze bevestigingslink is ongeldig');
    expect(requestsTo(requests, ...CONFIRM)).toHaveLength(0);
  });

  it('speaks English', async () => {
    fakeAppApi(null, { 'PUT /api/Account/ConfirmEmail': () => ({ data: null }) });
    localStorage.setItem('language', 'en');
    await i18n.changeLanguage('en');
    await startApp(`/account/confirm-email?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Your email address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the sign-in page' })).toBeInTheDocument();
  });
});
