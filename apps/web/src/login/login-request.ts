import type { Claims, LoginBody } from '@xp/contracts';
import { LOGIN_PATH, RESTORE_SESSION_PATH } from '@xp/contracts/login';
import type { LoginAnswer, LoginFailure } from '@/features/account/login-form';

const GENERAL = [{ key: 'general', message: 'general_error' }];

/** A refused call, with the server's errors (`{ errors: [{ key, message }] }`), as the app's `ApiCallError`. */
export class LoginRequestError extends Error implements LoginFailure {
  constructor(
    readonly status: number,
    readonly errors: { key: string; message: string }[],
  ) {
    super(errors.map((error) => `${error.key}: ${error.message}`).join('; ') || `HTTP ${status}`);
    this.name = 'LoginRequestError';
  }
}

interface Envelope {
  ok?: boolean;
  data?: unknown;
  errors?: { key: string; message: string }[];
}

/**
 * A POST to the API as the app's client sends it (`app/api-client.ts`): same origin with the cookies, JSON,
 * the answer's envelope read; without the contract's schemas (no zod in the login entry).
 */
async function post(path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    // Offline or the server is unreachable.
    throw new LoginRequestError(0, GENERAL);
  }
  let envelope: Envelope | null;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object') throw new LoginRequestError(response.status, GENERAL);
  if (!response.ok || !envelope.ok) {
    const errors = Array.isArray(envelope.errors) && envelope.errors.length > 0 ? envelope.errors : GENERAL;
    throw new LoginRequestError(response.status, errors);
  }
  return envelope.data;
}

type SessionClaims = Pick<Claims, 'role' | 'activeEnvironment'>;

const isClaims = (value: unknown): value is SessionClaims =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionClaims).role === 'string' &&
  typeof (value as SessionClaims).activeEnvironment === 'number';

/** `POST /account/cookielogin`: sets the session cookies, or answers that two-factor verification follows. */
export async function postLogin(body: LoginBody): Promise<LoginAnswer> {
  const data = (await post(LOGIN_PATH, body)) as { requiresTfa?: unknown; claims?: unknown } | null;
  if (typeof data?.requiresTfa !== 'boolean') throw new LoginRequestError(500, GENERAL);
  return { requiresTfa: data.requiresTfa, claims: isClaims(data.claims) ? data.claims : null };
}

/** `POST /account/restore`: the claims of a live session in this browser, else null (also on any failure). */
export async function restoredClaims(): Promise<SessionClaims | null> {
  try {
    const data = (await post(RESTORE_SESSION_PATH)) as { claims?: unknown } | null;
    return isClaims(data?.claims) ? data.claims : null;
  } catch {
    return null;
  }
}
