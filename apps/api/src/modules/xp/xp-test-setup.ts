import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { settleLocally } from '../../test/local-checkout.ts';
import { request, signIn } from '../rights/test-support.ts';
import { createEmployer, expectLedgerSound } from './test-support.ts';

/*
 * The XP economy (decision 019): an employer's balance, buying XP (an XP invoice and its payment;
 * credited once, when paid), grants to employees, corrections, XP invoices, challenge rewards; the ledger's
 * invariants after each block and under 1,000 concurrent spends. The app, the admin's session and the two
 * employers of these files; each file builds its own app (useTestApp).
 */

export const PREFIX = '10.81';
export let t: TestApp;
export let call: ReturnType<typeof request>;
export let admin = '';
/** An employer with three employees, its staff member signed in. */
export let a: Awaited<ReturnType<typeof createEmployer>>;
/** An employer with one employee, its staff member signed in. */
export let b: Awaited<ReturnType<typeof createEmployer>>;

/** The local provider's checkout (pay, fail, ...), then the webhook as the provider posts it. */
export const settle = (checkoutUrl: string, action: string, webhooks = 1) =>
  settleLocally(t.app, t.db, { url: checkoutUrl }, action, webhooks);

export const buy = (employer: typeof a, amountOfXp: number) =>
  call('POST', `/Employer/${employer.id}/AddBalance`, employer.cookie, { amountOfXp });

/** Registers the test app of these files (each file builds its own) and, after them, the ledger's check. */
export function useTestApp() {
  beforeAll(async () => {
    // A thousand grants queue on the pool at once (the concurrency test): none may time out waiting.
    t = await createTestApp({}, { poolWaitMs: 120_000 });
    call = request(t);
    admin = await signIn(t, 'admin@example.com', PREFIX);
    a = await createEmployer(t, 3, PREFIX);
    b = await createEmployer(t, 1, PREFIX);
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t?.close();
  });
}
