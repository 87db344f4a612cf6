import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Claims, LoginBody } from '@xp/contracts';
import { homePath } from '@xp/contracts/home-path';
import { type LoginProblems, type LoginValues, loginProblems } from '@xp/contracts/login';
import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/ui/translate';
import { PublicFrame } from './public-frame';
import { safeRedirectPath } from './redirect';

/** What the login call answers (`POST /account/cookielogin`). */
export interface LoginAnswer {
  requiresTfa: boolean;
  claims: Pick<Claims, 'role' | 'activeEnvironment'> | null;
}

/** A failed login call: the HTTP status and the server's errors (`ApiCallError` of the app has this shape). */
export interface LoginFailure {
  status: number;
  errors: { key: string; message: string }[];
}

export interface LoginFormProps {
  /** Where to go after signing in (`/account/login/{redirectUrl}`), when it is a path of this site. */
  redirectUrl?: string | undefined;
  /** Sends the login; throws a `LoginFailure` when it is refused. */
  signIn: (body: LoginBody) => Promise<LoginAnswer>;
  /** Goes to a page of this site after signing in: the router in the app, a page load in the login entry. */
  go: (href: string) => unknown;
  /** The password-forgotten link: a router link in the app, a plain one in the login entry. */
  passwordForgottenLink: (label: string) => ReactNode;
  onPickLanguage: (language: 'nl' | 'en') => unknown;
}

/** Errors about the whole attempt (wrong credentials, too many attempts) show above the button. */
const GENERAL_KEYS = new Set(['general', '', '$']);
const FIELDS = ['email', 'password'] as const;

const isFailure = (error: unknown): error is LoginFailure =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as LoginFailure).status === 'number' &&
  Array.isArray((error as LoginFailure).errors);

/** A server key as a field of this form ('Email' -> 'email'), or null. */
function fieldOf(key: string): (typeof FIELDS)[number] | null {
  const name = key.trim().charAt(0).toLowerCase() + key.trim().slice(1);
  return FIELDS.find((field) => field === name) ?? null;
}

/**
 * The login page, one component for the app's `/account/login` route (in-app after signing out or a lost
 * session) and the login page's own entry (a first visit, decision 010): without the router, zod,
 * react-hook-form or TanStack Query, so the entry stays small. It validates with the contract's rules
 * (`@xp/contracts/login`, the rules `loginBody` is built from) on submit and, after that, on each change,
 * as the app's forms do; server errors show on their field or above the button.
 */
export function LoginForm({
  redirectUrl,
  signIn,
  go,
  passwordForgottenLink,
  onPickLanguage,
}: LoginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [problems, setProblems] = useState<LoginProblems>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    // Once submitted, a field says at each change whether it is right now (also over a server error).
    if (isSubmitted) setProblems((current) => ({ ...current, [field]: loginProblems(next)[field] }));
  };

  const showProblems = (found: LoginProblems) => {
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    setSubmitted(true);
    const found = loginProblems(values);
    if (FIELDS.some((field) => found[field])) {
      showProblems(found);
      return;
    }
    setProblems({});
    setFailure(null);
    setPending(true);
    try {
      const result = await signIn({ email: values.email.trim(), password: values.password });
      const target = safeRedirectPath(redirectUrl);
      if (result.requiresTfa) {
        // The verification page finishes the sign-in and then goes to the same return path.
        await go(target ? `/account/tfa/${encodeURIComponent(target)}` : '/account/tfa');
        return;
      }
      if (!result.claims) throw { status: 500, errors: [] } satisfies LoginFailure;
      // Still busy until the next page shows (the login entry loads it).
      await go(target ?? homePath(result.claims.role, result.claims.activeEnvironment));
    } catch (error) {
      setPending(false);
      const { status, errors } = isFailure(error) ? error : { status: 0, errors: [] };
      if (status === 429) {
        setFailure('auth.tooManyAttempts');
        return;
      }
      const onFields: LoginProblems = {};
      for (const entry of errors) {
        const field = GENERAL_KEYS.has(entry.key) ? null : fieldOf(entry.key);
        if (field) onFields[field] ??= entry.message || 'validation.invalid';
      }
      if (Object.keys(onFields).length === 0) {
        setFailure(errors[0]?.message || 'general_error');
        return;
      }
      showProblems(onFields);
    }
  };

  const errorOf = (field: keyof LoginValues) => {
    const message = problems[field];
    return message ? translateMessage(t, message) : undefined;
  };

  return (
    <PublicFrame
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      onPickLanguage={onPickLanguage}
      footer={
        <Text ta="center" size="sm">
          {passwordForgottenLink(t('auth.login.forgotPassword'))}
        </Text>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('auth.login.title')}>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {translateMessage(t, failure)}
            </Alert>
          )}
          <TextInput
            ref={inputs.email}
            name="email"
            label={t('auth.login.email')}
            type="email"
            autoComplete="username"
            withAsterisk
            aria-required
            data-autofocus
            autoFocus
            value={values.email}
            onChange={change('email')}
            error={errorOf('email')}
          />
          <PasswordInput
            ref={inputs.password}
            name="password"
            label={t('auth.login.password')}
            autoComplete="current-password"
            withAsterisk
            aria-required
            value={values.password}
            onChange={change('password')}
            error={errorOf('password')}
            visibilityToggleButtonProps={{ 'aria-label': t('ui.password.toggle') }}
          />
          <Button type="submit" fullWidth loading={isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </PublicFrame>
  );
}

/** The password-forgotten link of the login entry: a plain link, which loads the app's page. */
export function plainLink(href: string) {
  return (label: string) => <Anchor href={href}>{label}</Anchor>;
}
