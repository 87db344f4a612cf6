import { Anchor } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { pickLanguage } from '@/app/language';
import { signIn } from '@/app/session';
import { LoginForm } from './login-form';

interface LoginPageProps {
  /** Where to go after signing in (`/account/login/{redirectUrl}`), when it is a path of this site. */
  redirectUrl?: string;
}

/**
 * The login page inside the app (after signing out, or when the session was lost): the session takes the
 * claims and the router goes on. A first visit loads the login page's own entry instead (`login-main.tsx`).
 */
export function LoginPage({ redirectUrl }: LoginPageProps) {
  const router = useRouter();
  return (
    <LoginForm
      redirectUrl={redirectUrl}
      signIn={signIn}
      go={(href) => router.navigate({ href })}
      passwordForgottenLink={(label) => (
        <Anchor component={Link} to="/account/password-forgotten">
          {label}
        </Anchor>
      )}
      onPickLanguage={pickLanguage}
    />
  );
}
