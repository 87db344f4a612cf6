import { invoiceEndpoints as endpoints, INVOICE_PDF_PATH, invoicePolicy } from '@xp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/audit/audit.ts';
import type { LinkSigner } from '../../platform/crypto/link-token.ts';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { MailRequest } from '../../platform/mail/outbox.ts';
import type { PaymentRow, Payments } from '../payment/payments.ts';
import type { InvoiceRow } from './invoice.repository.ts';
import { PAYMENT_SUBJECT } from './invoice.repository.ts';
import * as service from './invoice.service.ts';
import * as invoicePayments from './invoice-payment.service.ts';

export type InvoiceMovedListener = (
  tx: Database,
  payment: PaymentRow,
  moved: { invoice: InvoiceRow; status: number },
  /** Who moved it: the payment's webhook (its listener's actor). */
  actor: Actor,
) => Promise<void>;

/** The invoices of a gym or location; their payments follow the webhook (`followPayment`). */
export function invoiceRoutes(deps: {
  db: Database;
  payments: Payments;
  publicUrl: string;
  mail: (db: Database, mail: MailRequest) => Promise<unknown>;
  /** Signs the member's pay and cancel links of the mails. */
  links: LinkSigner;
  /** Told, in the webhook's transaction, when a payment moved an invoice's status (the dunning). */
  onInvoiceMoved?: InvoiceMovedListener;
}) {
  const { db, payments, publicUrl, mail } = deps;
  payments.onChange(PAYMENT_SUBJECT, async (tx, payment, previous, actor) => {
    const moved = await invoicePayments.followPayment(tx, payment, previous, actor);
    if (moved) await deps.onInvoiceMoved?.(tx, payment, moved, actor);
  });
  return [
    route(endpoints.list, ({ session, query }) => service.listInvoices(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getInvoice(db, session, params.id)),
    route(endpoints.create, ({ session, body, actor }) => service.createInvoice(db, session, body, actor)),
    route(endpoints.markPaid, ({ session, params, body, actor }) =>
      service.markPaid(db, payments, session, params.id, body.paymentMethod, actor),
    ),
    route(endpoints.cancel, ({ session, params, actor }) =>
      service.cancelInvoice(db, payments, session, params.id, actor),
    ),
    route(endpoints.refundsOwed, ({ session, query }) => service.listGymRefunds(db, session, query)),
    route(endpoints.recordRefund, ({ session, params, body, actor }) =>
      service.recordGymRefund(db, payments, session, params.id, body.method, actor),
    ),
    route(endpoints.sendPaymentLink, ({ session, params }) =>
      invoicePayments.sendPaymentLink(
        db,
        payments,
        mail,
        { links: deps.links, publicUrl },
        session,
        params.id,
      ),
    ),
    route(endpoints.paymentLink, ({ session, params }) =>
      invoicePayments.paymentLink(db, payments, publicUrl, session, params.id),
    ),
  ];
}

/**
 * `GET /api/Invoice/{id}/Pdf`: the invoice as a PDF (not JSON, so outside the contracts' envelope; the same
 * policy and scope as the invoice itself, checked before anything is read).
 */
export function invoicePdfRoute(deps: { db: Database }) {
  return (app: FastifyInstance) => {
    app.get(
      `/api${INVOICE_PDF_PATH.replace('{id}', ':id')}`,
      { config: { policy: invoicePolicy }, schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const id = Number(request.params.id);
        if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
          throw errors.notFound('invoice.errors.notFound');
        const { name, pdf } = await service.invoicePdfOf(deps.db, request.session!, id);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .send(pdf);
      },
    );
  };
}
