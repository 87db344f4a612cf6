import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type AnyRouter, useRouter } from '@tanstack/react-router';
import type { Claims, LoginBody } from '@xp/contracts';
import { accountCalls } from '@xp/contracts/calls';
import { Environment } from '@xp/contracts/enums';
import { homePath } from '@xp/contracts/home-path';
import { type ReactNode, use, useCallback, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { showError } from '@/ui/toasts';
import { call, setSessionHooks } from './api-client';
import { applyAccountLanguage } from './language';
import { sessionStore } from './session-store';
import { switchGate } from './switch-gate';

/** The claims of the signed-in user, or null; re-renders when they change. */
export function useClaims(): Claims | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getClaims);
}

/** The claims inside the authenticated part of the app (the `_app` layout renders only with a session). */
export function useRequiredClaims(): Claims {
  const claims = useClaims();
  if (!claims) throw new Error('useRequiredClaims is used outside the signed-in part of the app');
  return claims;
}

/** A promise that tells React's `use` it has settled (React reads `status`): no suspending once restored. */
type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

let restoring: Tracked | null = null;

/**
 * Restores the session from the refresh cookie, once per page load; a visitor without a session gets
 * claims null (no 401 in the console).
 */
export function restoreSession(): Promise<void> {
  restoring ??= call(accountCalls.restoreSession)
    .then(({ claims }) => claims)
    .catch(() => null)
    .then((claims) => {
      sessionStore.setClaims(claims);
      // The first screen shows in the account's language: its texts are in before the app renders.
      if (claims) return applyAccountLanguage(claims.language).catch(() => {});
    });
  const tracked = restoring;
  if (!tracked.status) {
    tracked.status = 'pending';
    void tracked.then(() => {
      tracked.status = 'fulfilled';
    });
  }
  return tracked;
}

/** Tests start each app afresh. */
export function forgetRestoredSession(): void {
  restoring = null;
}

/**
 * Renders its children once the session has been restored (suspends meanwhile; at once when the app renders
 * after the restore, bootstrap.tsx).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  use(restoreSession());
  return children;
}

/**
 * Connects the API client to the session: a refresh updates the claims; a failed refresh or a lost
 * session clears the claims and the cache and goes to the login page with the current path.
 */
export function installSessionHooks(router: AnyRouter, queryClient: QueryClient): void {
  const signOut = () => {
    if (!sessionStore.getClaims()) return;
    sessionStore.setClaims(null);
    queryClient.clear();
    const here = router.state.location.href;
    void router.navigate(
      here.startsWith('/account/')
        ? { to: '/account/login' }
        : { to: '/account/login/$redirectUrl', params: { redirectUrl: here } },
    );
  };
  setSessionHooks({
    onRefreshed: (claims) => sessionStore.setClaims(claims),
    onRefreshFailed: signOut,
    onUnauthorized: signOut,
    currentClaims: sessionStore.getClaims,
  });
}

/**
 * A call that signs in (login, two-factor, registration) answered these claims: they become the session
 * and the account's language applies.
 */
export function startSession(claims: Claims): void {
  sessionStore.setClaims(claims);
  void applyAccountLanguage(claims.language).catch(() => {});
}

/** Sign in: answers the login result; on success (without TFA) the session holds the claims. */
export async function signIn(body: LoginBody) {
  const result = await call(accountCalls.cookieLogin, { body });
  if (result.claims && !result.requiresTfa) startSession(result.claims);
  return result;
}

/** Sign out: revoke the session, forget the claims and the cached data, go to the login page. */
export function useLogout() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await call(accountCalls.cookieLogout);
    } catch {
      // The session is forgotten here anyway; the cookies expire on their own.
    }
    sessionStore.setClaims(null);
    queryClient.clear();
    await router.navigate({ to: '/account/login' });
  }, [router, queryClient]);
}

/** What the header can switch, with the body its call takes. */
export type SwitchTarget =
  | { kind: 'gym'; gymId: number }
  | { kind: 'location'; locationId: number | null }
  | { kind: 'employer'; employerId: number }
  | { kind: 'association'; associationId: number }
  | { kind: 'contentEnvironment'; contentEnvironmentId: number }
  | { kind: 'supplier'; supplierEnvironmentId: number }
  | { kind: 'environment'; environment: Environment };

function sendSwitch(target: SwitchTarget) {
  switch (target.kind) {
    case 'gym':
      return call(accountCalls.switchActiveGym, { body: { gymId: target.gymId } });
    case 'location':
      return call(accountCalls.switchActiveLocation, { body: { locationId: target.locationId } });
    case 'employer':
      return call(accountCalls.switchActiveEmployer, { body: { employerId: target.employerId } });
    case 'association':
      return call(accountCalls.switchActiveAssociation, {
        body: { associationId: target.associationId },
      });
    case 'contentEnvironment':
      return call(accountCalls.switchActiveContentEnvironment, {
        body: { contentEnvironmentId: target.contentEnvironmentId },
      });
    case 'supplier':
      return call(accountCalls.switchActiveSupplierEnvironment, {
        body: { supplierEnvironmentId: target.supplierEnvironmentId },
      });
    case 'environment':
      return call(accountCalls.switchActiveEnvironment, { body: { Environment: target.environment } });
  }
}

/** The toast of a failed switch (spec section 8). */
export function switchErrorKey(target: SwitchTarget): string {
  if (target.kind === 'environment') {
    return target.environment === Environment.Location
      ? 'environment.switch.locationError'
      : 'environment.switch.error';
  }
  return `${target.kind}.switch.error`;
}

/**
 * Switching: the page being left is unmounted first (the switch gate) and its requests are cancelled, so
 * nothing of it is fetched under the new scope; the call renews the claims; the answers of the old scope
 * are dropped, what stays on screen (the header) is refetched, and the user lands on the home path of the
 * new environment. A failure shows that area's 'switch.error' toast and the page comes back.
 */
export function useSwitch() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<SwitchTarget['kind'] | null>(null);
  const switchTo = useCallback(
    async (target: SwitchTarget): Promise<boolean> => {
      setPending(target.kind);
      // Commit the unmount now, so no query of the old page has an observer once the scope changes.
      flushSync(() => switchGate.begin());
      try {
        await queryClient.cancelQueries();
        const { claims } = await sendSwitch(target);
        queryClient.removeQueries({ type: 'inactive' });
        flushSync(() => sessionStore.setClaims(claims));
        await router.navigate({ href: homePath(claims.role, claims.activeEnvironment) });
        void queryClient.invalidateQueries();
        return true;
      } catch {
        showError(switchErrorKey(target));
        return false;
      } finally {
        switchGate.end();
        setPending(null);
      }
    },
    [router, queryClient],
  );
  return { switchTo, pending };
}
