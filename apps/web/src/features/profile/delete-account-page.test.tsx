import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/app/session-store';
import i18n from '@/i18n';
import { failure, fakeAppApi, requestsTo, startApp } from '@/test/fake-api';
import { screen, userEvent, waitFor, within } from '@/test/render';
import { adminClaims, setUpAppTests } from './test-support';

setUpAppTests();

const DELETE = ['DELETE', '/api/account/deleteAccount'] as const;
const passwordInput = () => screen.getByLabelText(/^Wachtwoord/, { selector: 'input' });

async function typePasswordAndSubmit(password = 'mijn-geheime-wachtwoord') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Wachtwoord/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
  return user;
}

describe('deleting the own account', () => {
  it('sends who is not signed in to the login page, returning here after', async () => {
    fakeAppApi(null, {});
    const { router } = await startApp('/account/delete-account');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/account\/login\//));
    expect(decodeURIComponent(router.state.location.pathname)).toBe('/account/login//account/delete-account');
  });

  it('explains what deletion means and asks the password first', async () => {
    const requests = fakeAppApi(adminClaims, {});
    await startApp('/account/delete-account');
    expect(await screen.findByRole('heading', { name: 'Account verwijderen' })).toBeInTheDocument();
    expect(screen.getByText(/niet meer inloggen/)).toBeInTheDocument();
    expect(screen.getByText(/worden geanonimiseerd/)).toBeInTheDocument();
    expect(screen.getByText(/Facturen en je XP-geschiedenis blijven bewaard/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Account verwijderen' }));
    expect(passwordInput()).toHaveAccessibleDescription(expect.stringContaining('Dit veld is verplicht'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(requests, ...DELETE)).toHaveLength(0);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const requests = fakeAppApi(adminClaims, { 'DELETE /api/account/deleteAccount': () => ({ data: null }) });
    await startApp('/account/delete-account');
    const user = await typePasswordAndSubmit();
    const dialog = await screen.findByRole('dialog', { name: 'Account definitief verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(requests, ...DELETE)).toHaveLength(0);
    expect(sessionStore.getClaims()).not.toBeNull();
  });

  it('deletes after the confirmation, signs out here and says it is done', async () => {
    const requests = fakeAppApi(adminClaims, { 'DELETE /api/account/deleteAccount': () => ({ data: null }) });
    await startApp('/account/delete-account');
    const user = await typePasswordAndSubmit();
    const dialog = await screen.findByRole('dialog', { name: 'Account definitief verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Definitief verwijderen' }));

    expect(await screen.findByRole('heading', { name: 'Je account is verwijderd' })).toBeInTheDocument();
    expect(requestsTo(requests, ...DELETE).map((request) => request.body)).toEqual([
      { password: 'mijn-geheime-wachtwoord' },
    ]);
    expect(sessionStore.getClaims()).toBeNull();
    expect(screen.getByRole('link', { name: 'Naar de inlogpagina' })).toHaveAttribute(
      'href',
      '/account/login',
    );
  });

  it('puts a wrong password on the password field', async () => {
    fakeAppApi(adminClaims, {
      'DELETE /api/account/deleteAccount': () => failure(400, 'user.errors.wrongPassword', 'password'),
    });
    await startApp('/account/delete-account');
    const user = await typePasswordAndSubmit('fout');
    await user.click(await screen.findByRole('button', { name: 'Definitief verwijderen' }));
    await waitFor(() =>
      expect(passwordInput()).toHaveAccessibleDescription(
        expect.stringContaining('Dit wachtwoord klopt niet'),
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStore.getClaims()).not.toBeNull();
  });

  it('refuses to delete the last admin, and says why', async () => {
    fakeAppApi(adminClaims, {
      'DELETE /api/account/deleteAccount': () => failure(409, 'user.errors.lastAdmin'),
    });
    await startApp('/account/delete-account');
    const user = await typePasswordAndSubmit();
    await user.click(await screen.findByRole('button', { name: 'Definitief verwijderen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Je bent de enige beheerder van het platform.',
    );
    expect(sessionStore.getClaims()).not.toBeNull();
  });

  it('speaks English', async () => {
    fakeAppApi(adminClaims, {});
    localStorage.setItem('language', 'en');
    await i18n.changeLanguage('en');
    await startApp('/account/delete-account');
    expect(await screen.findByRole('heading', { name: 'Delete account' })).toBeInTheDocument();
    expect(screen.getByText(/Invoices and your XP history are kept/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/profile');
  });
});
