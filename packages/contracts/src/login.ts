/**
 * The schema-free parts of signing in, for the login page's own entry (no zod there, decision 010): the
 * paths it calls and the rules of `loginBody`, which is built from them (`account.ts`), so a rule is written
 * once; `login.test.ts` checks that both give the same message for the same input.
 */

export const LOGIN_PATH = '/account/cookielogin';
export const RESTORE_SESSION_PATH = '/account/restore';

export const LOGIN_EMAIL_MAX = 254;
export const LOGIN_PASSWORD_MAX = 200;

/** Zod 4's `z.email()` pattern (`z.regexes.email`, same matches), given to `loginBody`'s `z.email`. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface LoginValues {
  email: string;
  password: string;
}

/** Per field the translation key of what is wrong, as `loginBody` would say it; empty when the values pass. */
export type LoginProblems = Partial<Record<keyof LoginValues, string>>;

export function loginProblems({ email, password }: LoginValues): LoginProblems {
  const problems: LoginProblems = {};
  const trimmed = email.trim();
  if (trimmed.length === 0) problems.email = 'validation.required';
  else if (trimmed.length > LOGIN_EMAIL_MAX) problems.email = 'validation.tooLong';
  else if (!EMAIL_PATTERN.test(trimmed)) problems.email = 'validation.email';
  if (password.length === 0) problems.password = 'validation.required';
  else if (password.length > LOGIN_PASSWORD_MAX) problems.password = 'validation.tooLong';
  return problems;
}
