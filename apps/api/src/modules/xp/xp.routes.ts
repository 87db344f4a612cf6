import {
  xpEndpoints as endpoints,
  policy,
  XP_INVOICE_PDF_PATH,
  XP_TRANSACTIONS_CSV_PATH,
  xpTransactionQuery,
} from '@xp/contracts';
import { formatMoment } from '@xp/contracts/dutch-time';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { PAYMENT_SUBJECT } from './xp.repository.ts';
import * as service from './xp.service.ts';

/** The XP economy: balances, purchases, grants, corrections, XP invoices and challenge rewards. */
export function xpRoutes(deps: service.XpDeps) {
  deps.payments.onChange(PAYMENT_SUBJECT, service.followPayment);
  return [
    route(endpoints.balance, ({ session, params }) => service.getBalance(deps, session, params.id)),
    route(endpoints.addBalance, ({ session, params, body, request }) =>
      service.addBalance(deps, session, params.activeEmployerId, body.amountOfXp, request.id),
    ),
    route(endpoints.transactions, ({ session, params, query }) =>
      service.listEmployerTransactions(deps, session, params.activeEmployerId, query),
    ),
    route(endpoints.grant, ({ session, params, body, request }) =>
      service.grantXp(deps, session, params.activeEmployerId, body, request.id),
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
      service.listAllTransactions(deps, session, query),
    ),
    route(endpoints.correction, ({ session, body, request }) =>
      service.correct(deps, session, body, request.id),
    ),
    route(endpoints.adminInvoices, ({ session, query }) => service.listAllInvoices(deps, session, query)),
    route(endpoints.adminInvoice, ({ session, params }) => service.getInvoice(deps, session, params.id)),
    route(endpoints.cancelInvoice, ({ session, params, request }) =>
      service.cancelInvoice(deps, session, params.id, request.id),
    ),
    route(endpoints.wallet, ({ session, params }) => service.getWallet(deps, session, params.id)),
    route(endpoints.completeChallenge, ({ session, params, body, request }) =>
      service.completeChallenge(deps, session, params.id, body.userId, request.id),
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
        const { name, pdf } = await service.invoicePdfOf(deps, request.session!, id);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .send(pdf);
      },
    );
  };
}

const csvTexts = {
  nl: {
    header: ['Datum', 'Soort', 'Van', 'Naar', 'XP', 'Omschrijving'],
    kinds: {
      purchase: 'Aankoop',
      grant: 'Toegekend',
      reward: 'Beloning',
      redemption: 'Besteed',
      refund: 'Terugbetaling',
      correction: 'Correctie',
    },
    issuance: 'Platform',
    store: 'Winkel',
  },
  en: {
    header: ['Date', 'Kind', 'From', 'To', 'XP', 'Description'],
    kinds: {
      purchase: 'Purchase',
      grant: 'Granted',
      reward: 'Reward',
      redemption: 'Spent',
      refund: 'Refund',
      correction: 'Correction',
    },
    issuance: 'Platform',
    store: 'Store',
  },
};
/** The most rows one file holds (the lists' deepest offset). */
const CSV_MAX_ROWS = 10_000;
const csvCell = (value: string) => {
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * `GET /api/Employer/{activeEmployerId}/XpTransactions/Export`: the active employer's transactions of the
 * list's search, kind and period as CSV (`;`, UTF-8 with BOM, as Dutch Excel reads it), newest first, at
 * most 10,000 rows; in the reader's language.
 */
export function xpTransactionsCsvRoute(deps: service.XpDeps) {
  return (app: FastifyInstance) => {
    app.get(
      `/api${XP_TRANSACTIONS_CSV_PATH.replace('{activeEmployerId}', ':activeEmployerId')}`,
      { config: { policy: policy.roles('Employer', 'Admin') }, schema: { hide: true } },
      async (
        request: FastifyRequest<{
          Params: { activeEmployerId: string };
          Querystring: Record<string, string>;
        }>,
        reply: FastifyReply,
      ) => {
        const session = request.session!;
        const employerId = Number(request.params.activeEmployerId);
        const query = xpTransactionQuery.safeParse({
          ...request.query,
          page: 1,
          pageSize: 100,
          counts: 'false',
        });
        if (!query.success || !Number.isSafeInteger(employerId))
          throw errors.field('general', 'validation.invalid');
        const texts = csvTexts[session.language === 'en' ? 'en' : 'nl'];
        const lines = [texts.header.join(';')];
        for (let page = 1; (page - 1) * 100 < CSV_MAX_ROWS; page++) {
          const { items } = await service.listEmployerTransactions(deps, session, employerId, {
            ...query.data,
            page,
          });
          for (const row of items) {
            const name = (party: typeof row.sender) =>
              party.kind === 'issuance' ? texts.issuance : party.kind === 'store' ? texts.store : party.name;
            lines.push(
              [
                formatMoment(row.date),
                texts.kinds[row.kind],
                name(row.sender),
                name(row.recipient),
                String(row.amountOfXp),
                row.description ?? '',
              ]
                .map(csvCell)
                .join(';'),
            );
          }
          if (items.length < 100) break;
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="xp-transacties.csv"')
          .header('Cache-Control', 'no-store')
          .send(`\uFEFF${lines.join('\r\n')}\r\n`);
      },
    );
  };
}
