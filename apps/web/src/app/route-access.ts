import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { Claims, Environment } from '@xp/contracts';
import { allows, type Policy } from '@xp/contracts/access';
import { homePath } from '@xp/contracts/home-path';
import { canUseEnvironment } from './environments';
import type { RouterContext } from './router-context';

interface GuardInput {
  context: RouterContext;
  location: ParsedLocation;
}

/** `beforeLoad` of the signed-in layout: without a session, to the login page with the path to return to. */
export function requireSession({ context, location }: GuardInput): { claims: Claims } {
  const claims = context.session.getClaims();
  if (!claims) {
    // From `/` there is nothing to return to: after login the user's own home path serves better.
    throw location.href === '/'
      ? redirect({ to: '/account/login', replace: true })
      : redirect({
          to: '/account/login/$redirectUrl',
          params: { redirectUrl: location.href },
          replace: true,
        });
  }
  return { claims };
}

/**
 * `beforeLoad` of an environment's route tree: who may not use it goes to their own home path (or `/`,
 * which every employee may use, when that home is this very tree).
 */
export function requireEnvironment(environment: Environment) {
  return ({ context }: GuardInput): void => {
    const claims = context.session.getClaims();
    if (!claims || canUseEnvironment(claims, environment)) return;
    const home = homePath(claims.role, claims.activeEnvironment);
    const ownTree = homePath('Admin', environment);
    throw redirect({ href: home === ownTree ? '/' : home, replace: true });
  };
}

/**
 * `beforeLoad` of a screen: who may not call the endpoint it lists goes home, e.g.
 * `beforeLoad: requireAccess(policies.locationAreaList)` (the policy its menu item asks too, decision 022).
 * A screen that needs more than one endpoint's policy passes its own rule, saying why.
 */
export function requireAccess(rule: Policy | ((claims: Claims) => boolean)) {
  const allow = typeof rule === 'function' ? rule : (claims: Claims) => allows(rule, claims);
  return ({ context }: GuardInput): void => {
    const claims = context.session.getClaims();
    if (!claims || allow(claims)) return;
    throw redirect({ href: homePath(claims.role, claims.activeEnvironment), replace: true });
  };
}

/** `beforeLoad` of the login page: a signed-in user goes home instead. */
export function redirectSignedIn({ context }: GuardInput): void {
  const claims = context.session.getClaims();
  if (claims) throw redirect({ href: homePath(claims.role, claims.activeEnvironment), replace: true });
}
