import { invoiceEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import type { Payments } from '../../platform/payments/payments.ts';
import { PAYMENT_SUBJECT } from './invoice.repository.ts';
import * as service from './invoice.service.ts';

/** The invoices of a gym or location; their payments follow the webhook (`followPayment`). */
export function invoiceRoutes(deps: { db: Database; payments: Payments; publicUrl: string }) {
  const { db, payments, publicUrl } = deps;
  payments.onChange(PAYMENT_SUBJECT, service.followPayment);
  return [
    route(endpoints.list, ({ session, query }) => service.listInvoices(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getInvoice(db, session, params.id)),
    route(endpoints.create, ({ session, body, request }) =>
      service.createInvoice(db, session, body, request.id),
    ),
    route(endpoints.markPaid, ({ session, params, body, request }) =>
      service.markPaid(db, session, params.id, body.paymentMethod, request.id),
    ),
    route(endpoints.cancel, ({ session, params, request }) =>
      service.cancelInvoice(db, session, params.id, request.id),
    ),
    route(endpoints.paymentLink, ({ session, params }) =>
      service.paymentLink(db, payments, publicUrl, session, params.id),
    ),
  ];
}
