import { homePath } from '@xp/contracts/home-path';
import type { i18n as I18n } from 'i18next';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoginForm, plainLink } from '@/features/account/login-form';
import { languagePicker } from './login-i18n';
import { postLogin, restoredClaims } from './login-request';
import { loadPage, replacePage } from './page-load';

/** The `{redirectUrl}` of `/account/login/{redirectUrl}` (any case), decoded once as the app's router does. */
export function redirectParam(pathname: string): string | undefined {
  const match = /^\/account\/login\/(.+?)\/?$/i.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * A signed-in visitor has nothing to do on the login page: to their home path, as the app's
 * `redirectSignedIn` does. Asked beside the first render, so a visitor without a session does not wait.
 */
export async function leaveIfSignedIn(): Promise<void> {
  const claims = await restoredClaims();
  if (claims) replacePage(homePath(claims.role, claims.activeEnvironment));
}

/** The login page of the login entry (a first visit of `/account/login`): the shared form, plain page loads. */
export function LoginEntry({ redirectUrl, i18n }: { redirectUrl?: string | undefined; i18n: I18n }) {
  const pickLanguage = useMemo(() => languagePicker(i18n), [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <LoginForm
        redirectUrl={redirectUrl}
        signIn={postLogin}
        // The form stays busy until the next page shows.
        go={loadPage}
        passwordForgottenLink={plainLink('/account/password-forgotten')}
        onPickLanguage={pickLanguage}
      />
    </I18nextProvider>
  );
}
