import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTPS double of the parts of Mollie's API the payment port uses (customers, mandates, payments),
 * answering as Mollie does (HAL JSON, amounts as strings, `Idempotency-Key` honoured: the same key answers
 * the first response again). Tests steer it: a payment's status, a chargeback, the API going down.
 * Its certificate is a test-only self-signed one (`fixtures/`), so the test process that uses it sets
 * NODE_TLS_REJECT_UNAUTHORIZED=0 (DESIGN.md, Gotchas): the Mollie client trusts only its own CA list.
 */
export async function startMollieDouble() {
  const payments = new Map<string, MolliePayment>();
  const customers = new Map<string, { id: string; name: string; email: string }>();
  const mandates = new Map<string, { id: string; customerId: string; status: string }>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; authorization: string | undefined }[] = [];
  let sequence = 0;
  let down = false;
  const notCancelable = new Set<string>();
  const refunds: { id: string; paymentId: string; amount: { value: string; currency: string } }[] = [];

  const server = https.createServer(
    {
      cert: fs.readFileSync(new URL('./fixtures/localhost-cert.pem', import.meta.url)),
      key: fs.readFileSync(new URL('./fixtures/localhost-key.pem', import.meta.url)),
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const path = (request.url ?? '').replace(/\?.*$/, '');
        requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization });
        const send = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/hal+json' });
          response.end(JSON.stringify(body));
        };
        if (down) {
          // Mollie unavailable: the client retries 5xx, at once with Retry-After 0.
          response.writeHead(503, { 'content-type': 'application/hal+json', 'retry-after': '0' });
          response.end(JSON.stringify({ status: 503, title: 'Service Unavailable', detail: 'down' }));
          return;
        }
        if (!request.headers.authorization?.startsWith('Bearer test_'))
          return send(401, { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication' });
        const key = request.headers['idempotency-key'] as string | undefined;
        const replay = request.method === 'POST' && key ? answered.get(key) : undefined;
        if (replay) return send(replay.status, replay.body);
        const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        const [status, answer] = route(request.method ?? 'GET', path, body);
        if (request.method === 'POST' && key) answered.set(key, { status, body: answer });
        send(status, answer);
      });
    },
  );

  const notFound = (what: string): [number, unknown] => [
    404,
    { status: 404, title: 'Not Found', detail: `No ${what} exists with token` },
  ];

  function route(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    const mandatePath = path.match(/^\/v2\/customers\/([^/]+)\/mandates(?:\/([^/]+))?$/);
    const paymentPath = path.match(/^\/v2\/payments\/([^/]+)$/);
    if (method === 'POST' && path === '/v2/customers') {
      const customer = { id: `cst_double${++sequence}`, name: String(body.name), email: String(body.email) };
      customers.set(customer.id, customer);
      return [201, { resource: 'customer', ...customer, mode: 'test' }];
    }
    if (mandatePath) {
      const [, customerId, mandateId] = mandatePath;
      if (!customers.has(customerId!)) return notFound('customer');
      if (method === 'POST') {
        const mandate = { id: `mdt_double${++sequence}`, customerId: customerId!, status: 'valid' };
        mandates.set(mandate.id, mandate);
        return [201, mandateView(mandate)];
      }
      const mandate = mandates.get(mandateId!);
      return mandate && mandate.customerId === customerId ? [200, mandateView(mandate)] : notFound('mandate');
    }
    if (method === 'POST' && path === '/v2/payments') {
      const amount = body.amount as { value: string; currency: string };
      if (!/^\d+\.\d{2}$/.test(amount?.value ?? ''))
        return [422, { status: 422, title: 'Unprocessable Entity', detail: 'amount', field: 'amount.value' }];
      const sequenceType = (body.sequenceType as string) ?? 'oneoff';
      const payment: MolliePayment = {
        id: `tr_double${++sequence}`,
        status: sequenceType === 'recurring' ? 'pending' : 'open',
        amount,
        amountChargedBack: undefined,
        description: String(body.description),
        sequenceType,
        customerId: body.customerId as string | undefined,
        mandateId: body.mandateId as string | undefined,
        webhookUrl: String(body.webhookUrl),
        paidAt: undefined,
      };
      payments.set(payment.id, payment);
      return [201, paymentView(payment)];
    }
    if (method === 'DELETE' && paymentPath) {
      const payment = payments.get(paymentPath[1]!);
      if (!payment) return notFound('payment');
      // Mollie: only a payment whose method allows it (`isCancelable`); the double steers it per payment.
      if (payment.status !== 'open' || notCancelable.has(payment.id))
        return [
          422,
          { status: 422, title: 'Unprocessable Entity', detail: 'The payment cannot be canceled' },
        ];
      payment.status = 'canceled';
      return [200, paymentView(payment)];
    }
    const refundPath = path.match(/^\/v2\/payments\/([^/]+)\/refunds$/);
    if (method === 'POST' && refundPath) {
      const payment = payments.get(refundPath[1]!);
      if (!payment) return notFound('payment');
      const amount = body.amount as { value: string; currency: string };
      if (payment.status !== 'paid' || Number(amount?.value) > Number(payment.amount.value))
        return [422, { status: 422, title: 'Unprocessable Entity', detail: 'refund', field: 'amount' }];
      const refund = { id: `re_double${++sequence}`, paymentId: payment.id, amount };
      refunds.push(refund);
      return [
        201,
        {
          resource: 'refund',
          id: refund.id,
          mode: 'test',
          amount,
          status: 'pending',
          description: String(body.description ?? ''),
          paymentId: payment.id,
          createdAt: new Date().toISOString(),
          _links: { self: { href: `https://api.mollie.com/v2/payments/${payment.id}/refunds/${refund.id}` } },
        },
      ];
    }
    if (method === 'GET' && paymentPath) {
      const payment = payments.get(paymentPath[1]!);
      return payment ? [200, paymentView(payment)] : notFound('payment');
    }
    return [404, { status: 404, title: 'Not Found', detail: 'no such endpoint' }];
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What the Mollie client's `apiEndpoint` is set to. */
    endpoint: `https://127.0.0.1:${port}/v2/`,
    requests,
    payments,
    /** The refunds made (`POST /v2/payments/{id}/refunds`). */
    refunds,
    /** A payment whose method does not let it be cancelled (as an iDEAL payment once chosen). */
    notCancelable(id: string) {
      notCancelable.add(id);
      payments.get(id)!.cancelable = false;
    },
    /** Sets a payment's status as Mollie would move it (`paid` also makes the first payment's mandate). */
    setStatus(id: string, status: string) {
      const payment = payments.get(id)!;
      payment.status = status;
      if (status === 'paid') {
        payment.paidAt = new Date().toISOString();
        if (payment.sequenceType === 'first' && payment.customerId && !payment.mandateId) {
          payment.mandateId = `mdt_double${++sequence}`;
          mandates.set(payment.mandateId, {
            id: payment.mandateId,
            customerId: payment.customerId,
            status: 'valid',
          });
        }
      }
    },
    /** A chargeback: the payment stays `paid`, its amount charged back is set. */
    chargeBack(id: string) {
      const payment = payments.get(id)!;
      payment.amountChargedBack = { ...payment.amount };
    },
    setDown(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type MollieDouble = Awaited<ReturnType<typeof startMollieDouble>>;

interface MolliePayment {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  amountChargedBack: { value: string; currency: string } | undefined;
  description: string;
  sequenceType: string;
  customerId: string | undefined;
  mandateId: string | undefined;
  webhookUrl: string;
  paidAt: string | undefined;
  cancelable?: boolean;
}

const paymentView = (payment: MolliePayment) => ({
  resource: 'payment',
  id: payment.id,
  mode: 'test',
  createdAt: new Date().toISOString(),
  status: payment.status,
  isCancelable: payment.status === 'open' && payment.cancelable !== false,
  amount: payment.amount,
  ...(payment.amountChargedBack ? { amountChargedBack: payment.amountChargedBack } : {}),
  description: payment.description,
  method: null,
  metadata: null,
  profileId: 'pfl_double',
  sequenceType: payment.sequenceType,
  ...(payment.customerId ? { customerId: payment.customerId } : {}),
  ...(payment.mandateId ? { mandateId: payment.mandateId } : {}),
  ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
  webhookUrl: payment.webhookUrl,
  _links: {
    self: { href: `https://api.mollie.com/v2/payments/${payment.id}`, type: 'application/hal+json' },
    ...(payment.status === 'open' && payment.sequenceType !== 'recurring'
      ? {
          checkout: { href: `https://www.mollie.com/checkout/test-mode?id=${payment.id}`, type: 'text/html' },
        }
      : {}),
  },
});

const mandateView = (mandate: { id: string; customerId: string; status: string }) => ({
  resource: 'mandate',
  id: mandate.id,
  mode: 'test',
  status: mandate.status,
  method: 'directdebit',
  details: { consumerName: 'Test', consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' },
  mandateReference: null,
  signatureDate: '2026-11-28',
  createdAt: new Date().toISOString(),
  _links: {
    self: { href: `https://api.mollie.com/v2/customers/${mandate.customerId}/mandates/${mandate.id}` },
  },
});
