// The Mollie double answers with a test-only self-signed certificate; the Mollie client trusts only its own
// CA list, so this test process (and only it) accepts any certificate (DESIGN.md, Gotchas).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

import net from 'node:net';
import type { CheckoutAction } from '@xp/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localProviderPayments } from '../../platform/payments/local-gateway.tables.ts';
import { expectData, expectFailure } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { checkoutTokenOf } from '../../test/local-checkout.ts';
import { type MollieDouble, startMollieDouble } from '../../test/mollie-double.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { paymentEvents, payments } from './payments.tables.ts';
import type { PaymentRow } from './payments.ts';

let t: TestApp;
let double: MollieDouble;
/** A location that collects with the local test provider (no key), and one with a Mollie key. */
const location = { local: 0, mollie: 0, gym: 0 };
/** What the `test` subject's listener was told, in order. */
const heard: { paymentId: number; status: string; chargedBackCents: number; before: string }[] = [];
let subjectIds = 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  // The local provider calls the webhook over HTTP, as Mollie does: the app listens where its links point.
  const port = await freePort();
  double = await startMollieDouble();
  t = await createTestApp({ publicUrl: `http://127.0.0.1:${port}`, mollieApiEndpoint: double.endpoint });
  await t.app.listen({ port, host: '127.0.0.1' });
  const rows = await t.db.select().from(locations).orderBy(asc(locations.id));
  const bySlug = (slug: string) => rows.find((row) => row.slug === slug)!;
  location.local = bySlug('vitaal-utrecht-centrum').id;
  location.mollie = bySlug('vitaal-amersfoort').id;
  location.gym = bySlug('vitaal-amersfoort').gymId;
  const cookie = await t.login('gym@example.com');
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/Location/${location.mollie}/AddPaymentProvider`,
    headers: { cookie },
    payload: { kind: 0, apiKey: `test_${'a1B2c3D4e5'.repeat(3)}` },
  });
  expect(added.statusCode, added.body).toBe(200);
  t.payments.onChange('test', async (_tx, payment, previous) => {
    heard.push({
      paymentId: payment.id,
      status: payment.status,
      chargedBackCents: payment.chargedBackCents,
      before: previous.status,
    });
  });
});
afterAll(async () => {
  await t.close();
  await double.close();
});

const start = (locationId: number, overrides: Partial<Parameters<TestApp['payments']['start']>[0]> = {}) =>
  t.payments.start({
    gymId: location.gym,
    locationId,
    subject: 'test',
    subjectId: ++subjectIds,
    attempt: 1,
    amountCents: 2_450,
    description: `Test ${subjectIds}`,
    sequenceType: 'oneoff',
    redirectUrl: 'http://127.0.0.1/after',
    ...overrides,
  });

const webhook = (id: string, as: 'form' | 'json' = 'form') =>
  t.app.inject({
    method: 'POST',
    url: '/api/Payment/Webhook',
    ...(as === 'form'
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ id }).toString(),
        }
      : { payload: { id } }),
  });

const reread = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const historyOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, id))
      .orderBy(asc(paymentEvents.id))
  ).map((event) => (event.chargedBackCents ? `${event.status}:-${event.chargedBackCents}` : event.status));
const heardOf = (id: number) => heard.filter((entry) => entry.paymentId === id);

/** How each adapter's payment is moved by its provider, and how the webhook then reaches us. */
const adapters: Record<
  'local' | 'mollie',
  { locationId: () => number; settle: (payment: PaymentRow, action: CheckoutAction) => Promise<void> }
> = {
  // The tester's click on the local checkout page; the provider calls the webhook itself.
  local: {
    locationId: () => location.local,
    async settle(payment, action) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/dev/checkout/${payment.providerPaymentId}`,
        payload: { action, token: await checkoutTokenOf(t.db, payment.providerPaymentId!) },
      });
      expectData(response);
    },
  },
  // Mollie moves the payment, then posts its id to the webhook.
  mollie: {
    locationId: () => location.mollie,
    async settle(payment, action) {
      if (action === 'chargedBack') double.chargeBack(payment.providerPaymentId!);
      else double.setStatus(payment.providerPaymentId!, action);
      expectData(await webhook(payment.providerPaymentId!));
    },
  },
};

describe.each(['local', 'mollie'] as const)('payments through the %s adapter', (name) => {
  const adapter = adapters[name];
  const scenarios: [string, CheckoutAction[], string, string[]][] = [
    ['paid', ['paid'], 'paid', ['open', 'paid']],
    ['failed', ['failed'], 'failed', ['open', 'failed']],
    ['expired', ['expired'], 'expired', ['open', 'expired']],
    ['cancelled', ['canceled'], 'canceled', ['open', 'canceled']],
    ['pending, then paid', ['pending', 'paid'], 'paid', ['open', 'pending', 'paid']],
    ['charged back', ['paid', 'chargedBack'], 'paid', ['open', 'paid', 'paid:-2450']],
  ];

  it.each(scenarios)('applies a payment %s, each change once', async (_case, actions, status, history) => {
    const payment = await start(adapter.locationId());
    expect(payment).toMatchObject({ provider: name, status: 'open', amountCents: 2_450 });
    expect(payment.providerPaymentId).toMatch(name === 'local' ? /^tr_local_/ : /^tr_double/);
    expect(payment.checkoutUrl).toMatch(/^https?:\/\//);
    for (const action of actions) await adapter.settle(payment, action);
    const after = await reread(payment.id);
    expect(after.status).toBe(status);
    expect(after.chargedBackCents).toBe(actions.includes('chargedBack') ? 2_450 : 0);
    if (status === 'paid') expect(after.paidAt).toBeInstanceOf(Date);
    expect(await historyOf(payment.id)).toEqual(history);
    // The listener heard every change once, in order, with the status it came from.
    expect(heardOf(payment.id).map((entry) => `${entry.before}>${entry.status}`)).toEqual(
      history.slice(1).map((step, at) => `${history[at]!.split(':')[0]}>${step.split(':')[0]}`),
    );
  });

  it('changes nothing for a webhook sent twice, or again later', async () => {
    const payment = await start(adapter.locationId());
    await adapter.settle(payment, 'paid');
    expectData(await webhook(payment.providerPaymentId!));
    expectData(await webhook(payment.providerPaymentId!, 'json'));
    expect(await historyOf(payment.id)).toEqual(['open', 'paid']);
    expect(heardOf(payment.id)).toHaveLength(1);
  });

  it('answers the same payment for the same attempt, and a new one for the next attempt', async () => {
    const first = await start(adapter.locationId(), { subjectId: 9_000 + (name === 'local' ? 1 : 2) });
    const again = await start(adapter.locationId(), { subjectId: first.subjectId });
    expect(again.id).toBe(first.id);
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    const retry = await start(adapter.locationId(), { subjectId: first.subjectId, attempt: 2 });
    expect(retry.id).not.toBe(first.id);
    expect(retry.idempotencyKey).toBe(`test-${first.subjectId}-2`);
    expect(retry.providerPaymentId).not.toBe(first.providerPaymentId);
  });
});

describe('one attempt started in parallel', () => {
  it.each(['local', 'mollie'] as const)('%s: makes one payment, stored once', async (name) => {
    const attempt = { subjectId: 8_000 + (name === 'local' ? 1 : 2) };
    const started = await Promise.all(
      Array.from({ length: 5 }, () => start(adapters[name].locationId(), attempt)),
    );
    expect(new Set(started.map((payment) => payment.id)).size).toBe(1);
    expect(new Set(started.map((payment) => payment.providerPaymentId)).size).toBe(1);
    expect(await historyOf(started[0]!.id)).toEqual(['open']);
    if (name === 'local') {
      const held = await t.db
        .select()
        .from(localProviderPayments)
        .where(eq(localProviderPayments.idempotencyKey, started[0]!.idempotencyKey));
      expect(held).toHaveLength(1);
    } else {
      const made = [...double.payments.values()].filter((p) => p.description === started[0]!.description);
      expect(made).toHaveLength(1);
    }
  });
});

describe('the webhook', () => {
  it('answers 200 for an id nobody knows, and changes nothing', async () => {
    const before = await t.db.select().from(paymentEvents);
    expect(expectData(await webhook('tr_unknown123'))).toBeNull();
    expect(expectData(await webhook('tr_local_unknown'))).toBeNull();
    expect(await t.db.select().from(paymentEvents)).toEqual(before);
  });

  it('refuses a body without an id, and a form body on endpoints that do not take one', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/Payment/Webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.statusCode, empty.body).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=admin%40example.com&password=x',
    });
    expectFailure(login, 415, 'general', 'validation.unsupportedMediaType');
  });

  it('never moves a payment back: a webhook that fetched an older status is applied after a later one', async () => {
    const payment = await start(location.mollie);
    await adapters.mollie.settle(payment, 'paid');
    // Mollie answers an older view of the payment (a webhook whose fetch was slower than the next one's).
    double.setStatus(payment.providerPaymentId!, 'open');
    expectData(await webhook(payment.providerPaymentId!));
    expect((await reread(payment.id)).status).toBe('paid');
    expect(await historyOf(payment.id)).toEqual(['open', 'paid']);
  });
});

describe('Mollie down', () => {
  it('fails cleanly, keeps the attempt, and makes exactly one payment when tried again', async () => {
    double.setDown(true);
    const attempt = { subjectId: 7_777 };
    await expect(start(location.mollie, attempt)).rejects.toMatchObject({
      status: 503,
      errors: [{ key: 'general', message: 'payment.errors.providerUnavailable' }],
    });
    const [kept] = await t.db.select().from(payments).where(eq(payments.idempotencyKey, 'test-7777-1'));
    expect(kept).toMatchObject({ status: 'created', providerPaymentId: null, lastError: 'http-503' });
    double.setDown(false);
    const made = await start(location.mollie, attempt);
    expect(made).toMatchObject({ id: kept!.id, status: 'open', lastError: null });
    expect([...double.payments.values()].filter((p) => p.description === kept!.description)).toHaveLength(1);
  });

  it('answers the webhook 503 while Mollie cannot be reached, so that Mollie retries; then applies it', async () => {
    const payment = await start(location.mollie);
    double.setStatus(payment.providerPaymentId!, 'paid');
    double.setDown(true);
    expectFailure(
      await webhook(payment.providerPaymentId!),
      503,
      'general',
      'payment.errors.providerUnavailable',
    );
    expect((await reread(payment.id)).status).toBe('open');
    double.setDown(false);
    expectData(await webhook(payment.providerPaymentId!));
    expect((await reread(payment.id)).status).toBe('paid');
  });

  it('sends the location’s own key', async () => {
    const calls = double.requests.filter((request) => request.path.startsWith('/v2/payments'));
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((call) => call.authorization))).toEqual(
      new Set([`Bearer test_${'a1B2c3D4e5'.repeat(3)}`]),
    );
  });
});

describe('mandates and charges on them', () => {
  it('local: a paid first payment leaves a valid mandate; a charge on it is pending until settled', async () => {
    const gateway = await t.payments.gatewayFor(location.local);
    const customer = await gateway.createCustomer({ name: 'Test Lid', email: 'lid@example.com' });
    const first = await start(location.local, { sequenceType: 'first', customerId: customer.id });
    await adapters.local.settle(first, 'paid');
    const paid = await reread(first.id);
    expect(paid.mandateId).toMatch(/^mdt_local_/);
    expect(await gateway.getMandate(customer.id, paid.mandateId!)).toMatchObject({ status: 'valid' });
    const charge = await start(location.local, {
      sequenceType: 'recurring',
      customerId: customer.id,
      mandateId: paid.mandateId!,
    });
    expect(charge).toMatchObject({ status: 'pending', checkoutUrl: null });
    await adapters.local.settle(charge, 'paid');
    expect((await reread(charge.id)).status).toBe('paid');
  });

  it('local: a charge without a valid mandate of the customer is refused, and no payment is made', async () => {
    const gateway = await t.payments.gatewayFor(location.local);
    const customer = await gateway.createCustomer({ name: 'Zonder Mandaat', email: 'zm@example.com' });
    await expect(
      start(location.local, { sequenceType: 'recurring', customerId: customer.id, mandateId: 'mdt_local_x' }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('mollie: a SEPA mandate from an IBAN, then a recurring charge on it', async () => {
    const gateway = await t.payments.gatewayFor(location.mollie);
    const customer = await gateway.createCustomer({ name: 'Test Lid', email: 'lid@example.com' });
    const mandate = await gateway.createMandate({
      customerId: customer.id,
      consumerName: 'T. Lid',
      iban: 'NL91ABNA0417164300',
      signatureDate: '2026-11-28',
      reference: 'XP-1-1',
    });
    expect(mandate.status).toBe('valid');
    const charge = await start(location.mollie, {
      sequenceType: 'recurring',
      customerId: customer.id,
      mandateId: mandate.id,
    });
    expect(charge).toMatchObject({ status: 'pending', mandateId: mandate.id, checkoutUrl: null });
    await adapters.mollie.settle(charge, 'failed');
    expect((await reread(charge.id)).status).toBe('failed');
  });
});

describe('the local checkout page', () => {
  it('shows the payment and the actions its status allows', async () => {
    const payment = await start(location.local);
    const shown = expectData<{ actions: string[]; amountCents: number; redirectUrl: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/dev/checkout/${payment.providerPaymentId}?token=${await checkoutTokenOf(t.db, payment.providerPaymentId!)}`,
      }),
    );
    // The provider sends the payer to our return route, which sends them on (decision 015).
    expect(shown.amountCents).toBe(2_450);
    expect(shown.redirectUrl).toMatch(/\/api\/Payment\/Return\/[\w-]{24}$/);
    expect(shown.actions).toEqual(['paid', 'failed', 'canceled', 'expired', 'pending']);
  });

  it('refuses an action the status does not allow, and changes nothing', async () => {
    const payment = await start(location.local);
    await adapters.local.settle(payment, 'failed');
    for (const action of ['paid', 'chargedBack'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/dev/checkout/${payment.providerPaymentId}`,
        payload: { action, token: await checkoutTokenOf(t.db, payment.providerPaymentId!) },
      });
      expectFailure(response, 409, 'general', 'payment.errors.checkoutActionNotAllowed');
    }
    const [row] = await t.db
      .select()
      .from(localProviderPayments)
      .where(eq(localProviderPayments.id, payment.providerPaymentId!));
    expect(row).toMatchObject({ status: 'failed', chargedBackCents: 0 });
    expect(await historyOf(payment.id)).toEqual(['open', 'failed']);
  });

  it('answers 404 for a payment it does not hold', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/checkout/tr_local_nothing?token=x' });
    expectFailure(response, 404, 'general', 'payment.errors.notFound');
  });

  it("serves a payment only to who holds its checkout link: the link's token, never without it", async () => {
    const payment = await start(location.local);
    const other = await start(location.local);
    const link = new URL(payment.checkoutUrl!);
    const token = link.searchParams.get('token')!;
    // The link the provider answers holds the payment's own token, unguessable (122 random bits).
    expect(link.pathname).toBe(`/dev/checkout/${payment.providerPaymentId}`);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(token).toBe(await checkoutTokenOf(t.db, payment.providerPaymentId!));
    expect(new URL(other.checkoutUrl!).searchParams.get('token')).not.toBe(token);

    const url = `/api/dev/checkout/${payment.providerPaymentId}`;
    const show = (query: string) => t.app.inject({ method: 'GET', url: `${url}${query}` });
    const act = (payload: object) => t.app.inject({ method: 'POST', url, payload });
    expectFailure(await show(''), 400, 'token', 'validation.required');
    for (const wrong of [
      'x',
      token.toUpperCase(),
      `${token}0`,
      await checkoutTokenOf(t.db, other.providerPaymentId!),
    ])
      expectFailure(await show(`?token=${wrong}`), 404, 'general', 'payment.errors.notFound');
    expectFailure(await act({ action: 'paid' }), 400, 'token', 'validation.required');
    expectFailure(await act({ action: 'paid', token: 'x' }), 404, 'general', 'payment.errors.notFound');
    expectFailure(
      await act({ action: 'paid', token: await checkoutTokenOf(t.db, other.providerPaymentId!) }),
      404,
      'general',
      'payment.errors.notFound',
    );
    // Nothing moved: both still open at the provider and in the ledger.
    for (const id of [payment.providerPaymentId!, other.providerPaymentId!]) {
      const [row] = await t.db.select().from(localProviderPayments).where(eq(localProviderPayments.id, id));
      expect(row!.status).toBe('open');
    }
    expect(await historyOf(payment.id)).toEqual(['open']);

    // With the link, the payer (not signed in) sees and pays it.
    expect(expectData<{ id: string }>(await show(`?token=${token}`)).id).toBe(payment.providerPaymentId);
    expectData(await act({ action: 'paid', token }));
    expect((await reread(payment.id)).status).toBe('paid');
  });
});

describe('in production', () => {
  it('refuses the local test provider and does not serve its checkout', async () => {
    const production = await createTestApp({ isProduction: true });
    try {
      await expect(
        production.payments.start({
          gymId: location.gym,
          locationId: location.local,
          subject: 'test',
          subjectId: 1,
          attempt: 1,
          amountCents: 100,
          description: 'x',
          sequenceType: 'oneoff',
          redirectUrl: 'https://example.com',
        }),
      ).rejects.toMatchObject({
        status: 409,
        errors: [{ key: 'general', message: 'payment.errors.noProvider' }],
      });
      expect(await production.db.select().from(payments)).toEqual([]);
      const checkout = await production.app.inject({ method: 'GET', url: '/api/dev/checkout/tr_local_x' });
      expect(checkout.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
