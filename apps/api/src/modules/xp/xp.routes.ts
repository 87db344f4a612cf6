import { xpEndpoints as endpoints, policy, XP_INVOICE_PDF_PATH } from '@xp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { PAYMENT_SUBJECT } from './xp.repository.ts';
import * as service from './xp.service.ts';
import * as invoicePdf from './xp-invoice-pdf.ts';
import * as transfers from './xp-transfers.service.ts';

/** The XP economy: balances, purchases, grants, corrections, XP invoices and challenge rewards. */
export function xpRoutes(deps: service.XpDeps) {
  deps.payments.onChange(PAYMENT_SUBJECT, (tx, payment, previous, actor) =>
    service.followPayment(deps, tx, payment, previous, actor),
  );
  return [
    route(endpoints.balance, ({ session, params }) => service.getBalance(deps, session, params.id)),
    route(endpoints.addBalance, ({ session, params, body, actor }) =>
      service.addBalance(deps, session, params.activeEmployerId, body.amountOfXp, actor),
    ),
    route(endpoints.transactions, ({ session, params, query }) =>
      transfers.listEmployerTransactions(deps, session, params.activeEmployerId, query),
    ),
    route(endpoints.grant, ({ session, params, body, actor }) =>
      transfers.grantXp(deps, session, params.activeEmployerId, body, actor),
    ),
    route(endpoints.invoices, ({ session, params, query }) =>
      service.listEmployerInvoices(deps, session, params.activeEmployerId, query),
    ),
    route(endpoints.invoice, ({ session, params }) =>
      service.getEmployerInvoice(deps, session, params.activeEmployerId, params.id),
    ),
    route(endpoints.payInvoice, ({ session, params }) =>
      service.payInvoice(deps, session, params.activeEmployerId, params.id),
    ),
    route(endpoints.adminTransactions, ({ session, query }) =>
      transfers.listAllTransactions(deps, session, query),
    ),
    route(endpoints.correction, ({ session, body, actor }) => transfers.correct(deps, session, body, actor)),
    route(endpoints.adminInvoices, ({ session, query }) => service.listAllInvoices(deps, session, query)),
    route(endpoints.adminInvoice, ({ session, params }) => service.getInvoice(deps, session, params.id)),
    route(endpoints.cancelInvoice, ({ session, params, actor }) =>
      service.cancelInvoice(deps, session, params.id, actor),
    ),
    route(endpoints.wallet, ({ session, params }) => transfers.getWallet(deps, session, params.id)),
    route(endpoints.completeChallenge, ({ session, params, body, actor }) =>
      transfers.completeChallenge(deps, session, params.id, body.userId, actor),
    ),
  ];
}

/**
 * `GET /api/XpInvoice/{id}/Pdf`: an XP invoice as a PDF (not JSON, so outside the contracts' envelope):
 * employer staff their active employer's, admins any.
 */
export function xpInvoicePdfRoute(deps: service.XpDeps) {
  return (app: FastifyInstance) => {
    app.get(
      `/api${XP_INVOICE_PDF_PATH.replace('{id}', ':id')}`,
      { config: { policy: policy.roles('Employer', 'Admin') }, schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const id = Number(request.params.id);
        if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
          throw errors.notFound('xp.errors.notFound');
        const { name, pdf } = await invoicePdf.invoicePdfOf(deps, request.session!, id);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .send(pdf);
      },
    );
  };
}
