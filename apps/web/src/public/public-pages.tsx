import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { apiQueryOptions } from '@/app/api-hooks';
import { billingPublicCalls } from '@/features/billing-public/api';
import { prefetchSignUp } from '@/features/sign-up/first-data';
import { safeReturnPath } from '@/features/sign-up/return-path';

/**
 * The public pages of the public entry (`public.html`, decision 010) and the address each is opened at, as the
 * app's routes under `src/routes` read them (`inschrijven/*`, `betalen.$token`, `afmelden.$token`): static
 * segments before parameters, any case, with or without a trailing slash.
 */
export type PublicPage =
  | { page: 'signUp'; gymSlug?: string | undefined; locationSlug?: string | undefined; isKiosk?: boolean }
  | { page: 'complete'; publicCode: string; isKiosk: boolean }
  | { page: 'confirm'; token: string }
  | { page: 'result'; token: string; returnTo?: string | undefined }
  | { page: 'pay'; token: string }
  | { page: 'cancel'; token: string };

/** The `terug` of a result page's address: as the app's router writes it (plain, or JSON-quoted), then checked. */
function returnParam(search: string): string | undefined {
  const value = new URLSearchParams(search).get('terug');
  if (value === null) return undefined;
  let text: unknown = value;
  if (value.startsWith('"')) {
    try {
      text = JSON.parse(value);
    } catch {
      text = value;
    }
  }
  return safeReturnPath(text);
}

/** The public page an address opens, or null when it names none (the entry's not-found page). */
export function publicPageOf(pathname: string, search = ''): PublicPage | null {
  let parts: string[];
  try {
    parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const [first, second, third, fourth, ...rest] = parts;
  const is = (part: string | undefined, name: string) => part?.toLowerCase() === name;
  if (rest.length > 0 || first === undefined) return null;
  if (is(first, 'betalen') || is(first, 'afmelden')) {
    if (second === undefined || third !== undefined) return null;
    return { page: is(first, 'betalen') ? 'pay' : 'cancel', token: second };
  }
  if (!is(first, 'inschrijven')) return null;
  if (second === undefined) return { page: 'signUp' };
  if (third !== undefined) {
    if (is(second, 'afronden') && (fourth === undefined || is(fourth, 'kiosk')))
      return { page: 'complete', publicCode: third, isKiosk: fourth !== undefined };
    if (fourth === undefined && is(second, 'bevestigen')) return { page: 'confirm', token: third };
    if (fourth === undefined && is(second, 'resultaat'))
      return { page: 'result', token: third, returnTo: returnParam(search) };
  }
  if (third === undefined) return { page: 'signUp', gymSlug: second };
  if (fourth === undefined) return { page: 'signUp', gymSlug: second, locationSlug: third };
  if (is(fourth, 'kiosk')) return { page: 'signUp', gymSlug: second, locationSlug: third, isKiosk: true };
  return null;
}

/** The result page of a sign-up, with the kiosk's start to go back to. */
export function resultPath(token: string, returnTo?: string): string {
  const path = `/inschrijven/resultaat/${encodeURIComponent(token)}`;
  return returnTo ? `${path}?terug=${encodeURIComponent(returnTo)}` : path;
}

/** Each page's module: started at once by the entry (`preloadPage`), beside the texts, and rendered lazily. */
const modules = {
  signUp: () => import('@/features/sign-up/sign-up-page'),
  complete: () => import('@/features/sign-up/complete-page'),
  confirm: () => import('@/features/sign-up/confirm-page'),
  result: () => import('@/features/sign-up/result-page'),
  pay: () => import('@/features/billing-public/pay-invoice-page'),
  cancel: () => import('@/features/billing-public/cancel-membership-page'),
} satisfies Record<PublicPage['page'], () => Promise<unknown>>;

/** Starts the download of a page's code (and what it imports), before the texts are in and it renders. */
export function preloadPage(page: PublicPage | null): void {
  if (page) void modules[page.page]().catch(() => {});
}

/**
 * Starts the first request of a page beside its code, into the cache its hooks read (schema-free calls):
 * the club or the gym's clubs of a sign-up page, the invoice of a pay link, the membership of a cancel link.
 * Resolves once it is in (or failed), so the page's first paint can show it: no loader that the content
 * then pushes aside (layout shift), and the heading with the gym's name at once.
 */
export function prefetchPage(queryClient: QueryClient, page: PublicPage | null): Promise<void> {
  switch (page?.page) {
    case 'signUp':
      return prefetchSignUp(queryClient, page.gymSlug, page.locationSlug);
    case 'pay':
      return queryClient.prefetchQuery(
        apiQueryOptions(billingPublicCalls.publicInvoice, { params: { token: page.token } }),
      );
    case 'cancel':
      return queryClient.prefetchQuery(
        apiQueryOptions(billingPublicCalls.publicMembership, { params: { token: page.token } }),
      );
    default:
      return Promise.resolve();
  }
}

export const SignUpPage = lazy(() => modules.signUp().then((module) => ({ default: module.SignUpPage })));
export const CompleteSignUpPage = lazy(() =>
  modules.complete().then((module) => ({ default: module.CompleteSignUpPage })),
);
export const ConfirmSignUpPage = lazy(() =>
  modules.confirm().then((module) => ({ default: module.ConfirmSignUpPage })),
);
export const SignUpResultPage = lazy(() =>
  modules.result().then((module) => ({ default: module.SignUpResultPage })),
);
export const PayInvoicePage = lazy(() =>
  modules.pay().then((module) => ({ default: module.PayInvoicePage })),
);
export const CancelMembershipPage = lazy(() =>
  modules.cancel().then((module) => ({ default: module.CancelMembershipPage })),
);
