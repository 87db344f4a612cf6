import { Environment } from '@xp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, waitFor } from '@/test/render';
import { type LoginAnswer, type LoginFailure, LoginForm, plainLink } from './login-form';

const refused = (status: number, errors: LoginFailure['errors']): LoginFailure =>
  Object.assign(new Error('refused'), { status, errors });

function renderForm(signIn: () => Promise<LoginAnswer>, redirectUrl?: string) {
  const go = vi.fn();
  const onPickLanguage = vi.fn();
  const signInSpy = vi.fn(signIn);
  const view = renderWithProviders(
    <LoginForm
      redirectUrl={redirectUrl}
      signIn={signInSpy}
      go={go}
      passwordForgottenLink={plainLink('/account/password-forgotten')}
      onPickLanguage={onPickLanguage}
    />,
  );
  const email = screen.getByRole('textbox', { name: /E-mailadres/ });
  const password = screen.getByLabelText(/^Wachtwoord/, { selector: 'input' });
  const submit = screen.getByRole('button', { name: 'Inloggen' });
  return { ...view, go, onPickLanguage, signIn: signInSpy, email, password, submit };
}

const admin: LoginAnswer = {
  requiresTfa: false,
  claims: { role: 'Admin', activeEnvironment: Environment.Admin },
};

describe('LoginForm', () => {
  it('is a labelled form with the e-mail field focused, required fields and the page around it', () => {
    const { email, password } = renderForm(async () => admin);
    expect(screen.getByRole('form', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('button', { name: 'Wachtwoord tonen of verbergen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute(
      'href',
      '/account/password-forgotten',
    );
    expect(document.title).toBe('Inloggen · XP Back-office');
  });

  it('says on submit what is missing, focuses it, and checks each change after that', async () => {
    const { user, email, password, submit, signIn } = renderForm(async () => admin);
    await user.click(submit);
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(2);
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Read out with the field that has the focus.
    expect(email).toHaveAccessibleDescription('Dit veld is verplicht');
    expect(signIn).not.toHaveBeenCalled();

    await user.type(email, 'gym@example');
    expect(screen.getByText('Vul een geldig e-mailadres in')).toBeInTheDocument();
    await user.type(email, '.com');
    expect(screen.queryByText('Vul een geldig e-mailadres in')).not.toBeInTheDocument();
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(1);

    await user.click(submit);
    expect(password).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('does not complain before the first submit', async () => {
    const { user, email, password } = renderForm(async () => admin);
    await user.type(email, 'no-email');
    await user.click(password);
    expect(screen.queryByText('Vul een geldig e-mailadres in')).not.toBeInTheDocument();
  });

  it('signs in with the trimmed e-mail and goes to the home path of the role', async () => {
    const { user, email, password, submit, signIn, go } = renderForm(async () => admin);
    await user.type(email, '  admin@example.com ');
    await user.type(password, ' geheim ');
    await user.click(submit);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin'));
    expect(signIn).toHaveBeenCalledWith({ email: 'admin@example.com', password: ' geheim ' });
  });

  it('goes back where the visitor was going, and to the verification page with it when asked', async () => {
    const first = renderForm(async () => admin, '/location/areas?page=2');
    await first.user.type(first.email, 'admin@example.com');
    await first.user.type(first.password, 'geheim');
    await first.user.click(first.submit);
    await waitFor(() => expect(first.go).toHaveBeenCalledWith('/location/areas?page=2'));
    first.unmount();

    const second = renderForm(async () => ({ requiresTfa: true, claims: null }), '/location/areas');
    await second.user.type(second.email, 'admin@example.com');
    await second.user.type(second.password, 'geheim');
    await second.user.click(second.submit);
    await waitFor(() => expect(second.go).toHaveBeenCalledWith('/account/tfa/%2Flocation%2Fareas'));
  });

  it('ignores a return path of another site', async () => {
    const { user, email, password, submit, go } = renderForm(async () => admin, '//evil.example.net/x');
    await user.type(email, 'admin@example.com');
    await user.type(password, 'geheim');
    await user.click(submit);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin'));
  });

  it.each([
    [
      'Het e-mailadres of wachtwoord is onjuist.',
      refused(400, [{ key: 'general', message: 'auth.invalidCredentials' }]),
    ],
    ['Te veel inlogpogingen', refused(429, [{ key: 'general', message: 'auth.tooManyAttempts' }])],
    ['Te veel inlogpogingen', refused(429, [])],
    ['niet van deze website', refused(403, [{ key: 'general', message: 'auth.crossOrigin' }])],
    ['Er is iets misgegaan.', refused(0, [{ key: 'general', message: 'general_error' }])],
    ['Er is iets misgegaan.', new Error('anything else')],
  ])('announces a refused attempt above the button: %s', async (text, failure) => {
    const { user, email, password, submit, go, signIn } = renderForm(() => Promise.reject(failure));
    await user.type(email, 'admin@example.com');
    await user.type(password, 'geheim');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(go).not.toHaveBeenCalled();
    // The button is usable again.
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it("shows the server's field errors on their field", async () => {
    const { user, email, password, submit } = renderForm(() =>
      Promise.reject(refused(400, [{ key: 'Email', message: 'validation.invalidCharacters' }])),
    );
    await user.type(email, 'admin@example.com');
    await user.type(password, 'geheim');
    await user.click(submit);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('picks a language with the given picker', async () => {
    const { user, onPickLanguage } = renderForm(async () => admin);
    expect(screen.getByRole('button', { name: 'Nederlands' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(onPickLanguage).toHaveBeenCalledWith('en');
  });
});
