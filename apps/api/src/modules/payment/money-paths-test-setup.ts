// The Mollie double answers with a test-only self-signed certificate; the Mollie client trusts only its own
// CA list, so this test process (and only it) accepts any certificate (DESIGN.md, Gotchas).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

import type { Invoice, RefundOwed } from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type MollieDouble, startMollieDouble } from '../../test/mollie-double.ts';
import { oncePerApp } from '../../test/once-per-app.ts';
import { payLinkOf } from '../billing/member-links.ts';
import { createMember, createProduct, createSupplier } from '../product-order/test-support.ts';
import { ok, request, seededIds, signIn, switchToLocation } from '../rights/test-support.ts';
import { payments } from './payments.tables.ts';
import { checkPaymentsAgree } from './refunds.ts';

/*
 * Decision 015: one invoice, one live payment; nothing paid goes unrecorded. Gym
 * invoices collect with a location's Mollie key, XP invoices and product orders with the platform's, all
 * against the Mollie HTTPS double. After every step the books agree: every paid payment belongs to an
 * invoice or order paid by it, or to a refund owed (`checkPaymentsAgree`, also run by the harness).
 * The app, the double, the sessions and the helpers of these files; each file builds its own (useTestApp).
 */

export const PREFIX = '10.128';
export let t: TestApp;
export let double: MollieDouble;
export let call: ReturnType<typeof request>;
export let ids: Awaited<ReturnType<typeof seededIds>>;
/** gym@ (Vitaal's staff; Amersfoort has a Mollie key of its own). */
export let gym = '';
export let admin = '';
/** locatie@ at Utrecht. */
export let desk = '';

/** A product of a supplier of its own, for the orders: made on first use, once per file. */
export const product = oncePerApp(
  () => t,
  async () => createProduct(t, (await createSupplier(t, PREFIX)).id),
);

/** Registers the app (with the Mollie double) of these files (each file builds its own) and its cleanup. */
export function useTestApp() {
  beforeAll(async () => {
    double = await startMollieDouble();
    t = await createTestApp({
      mollieApiEndpoint: double.endpoint,
      mollieApiKey: `test_${'p1Q2r3S4t5'.repeat(3)}`,
    });
    call = request(t);
    ids = await seededIds(t);
    gym = await signIn(t, 'gym@example.com', PREFIX);
    admin = await signIn(t, 'admin@example.com', PREFIX);
    desk = await switchToLocation(t, await signIn(t, 'locatie@example.com', PREFIX), ids.utrecht);
    ok(
      await call('POST', `/Location/${ids.amersfoort}/AddPaymentProvider`, gym, {
        kind: 0,
        apiKey: `test_${'a1B2c3D4e5'.repeat(3)}`,
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });
}

export const books = async () => expect(await checkPaymentsAgree(t.db)).toEqual([]);

export const webhook = (id: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/Payment/Webhook',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
    remoteAddress,
  });

export const attemptsOf = (subject: string, id: number) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.subject, subject), eq(payments.subjectId, id)))
    .orderBy(asc(payments.id));

/** Mollie moves a payment (when it still can), then posts its id to the webhook. */
export async function provider(providerId: string, status: 'paid' | 'pending' | 'failed' | 'expired') {
  const payment = double.payments.get(providerId)!;
  const movable = payment.status === 'open' || (payment.status === 'pending' && status !== 'pending');
  if (movable) double.setStatus(providerId, status);
  ok(await webhook(providerId));
  return movable;
}

/** Every checkout ever handed out for the row that the payer could still pay is paid now (a late payer). */
export async function payLate(subject: string, id: number) {
  for (const attempt of await attemptsOf(subject, id))
    if (attempt.providerPaymentId) await provider(attempt.providerPaymentId, 'paid');
}

/** The provider calls again for every payment of the row (a webhook twice). */
export async function webhooksAgain(subject: string, id: number) {
  for (const attempt of await attemptsOf(subject, id))
    if (attempt.providerPaymentId) ok(await webhook(attempt.providerPaymentId));
}

export const live = async (subject: string, id: number) =>
  (await attemptsOf(subject, id)).filter((row) => ['created', 'open', 'pending'].includes(row.status));

/** Whether an answer is one the API may give: never a 5xx, never a 2xx that is not ok. */
export function answered(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.statusCode === 200;
}

export async function newInvoice(cents = 2_495) {
  const member = await createMember(t, ids.vitaal, { homeLocationId: ids.amersfoort });
  const invoice = ok<Invoice>(
    await call('POST', '/Invoice', gym, {
      memberId: member.id,
      locationId: ids.amersfoort,
      lines: [
        { description: 'Losse les', quantity: 1, unitPriceCents: cents, includesVat: true, vatRate: 9 },
      ],
    }),
  );
  return { invoice, member };
}

export const invoiceOf = async (id: number) => ok<Invoice>(await call('GET', `/Invoice/${id}`, gym));

export const payToken = (invoiceId: number) =>
  payLinkOf({ links: t.billing.links, publicUrl: t.config.publicUrl }, invoiceId).split('/betalen/')[1]!;
export const payPage = (invoiceId: number, returnPath?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Invoice/Public/${payToken(invoiceId)}/Pay`,
    payload: returnPath ? { returnPath } : {},
    remoteAddress: `${PREFIX}.9.9`,
  });

export const gymRefunds = async (status: 'owed' | 'refunded' = 'owed') =>
  ok<{ items: RefundOwed[] }>(await call('GET', `/RefundOwed?status=${status}&pageSize=100`, gym)).items;
export const platformRefunds = async (status: 'owed' | 'refunded' = 'owed') =>
  ok<{ items: RefundOwed[] }>(await call('GET', `/Payment/RefundsOwed?status=${status}&pageSize=100`, admin))
    .items;
