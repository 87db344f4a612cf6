/** An XP invoice as a PDF, for its employer or the platform (decision 019). */
import { type Claims, isAdmin } from '@xp/contracts';
import { errors } from '../../platform/http/errors.ts';
import { type Issuer, invoicePdf } from '../invoice/invoice-pdf.ts';
import { NOT_FOUND, present, type XpDeps } from './xp.service.ts';
import * as invoiceRepository from './xp-invoice.repository.ts';

/** The XP invoice as a PDF, in the reader's language: employer staff their active employer's, admins any. */
export async function invoicePdfOf(deps: XpDeps, session: Claims, id: number) {
  const employerId = isAdmin(session) ? undefined : (session.activeEmployerId ?? -1);
  const row = await invoiceRepository.findInvoice(deps.db, id, employerId);
  if (!row) throw errors.notFound(NOT_FOUND);
  const invoice = await present(deps.db, row);
  const credited = row.creditedInvoiceId
    ? await invoiceRepository.findInvoice(deps.db, row.creditedInvoiceId)
    : undefined;
  const language = session.language === 'en' ? 'en' : 'nl';
  const issuer: Issuer = {
    gymName: deps.platform.name,
    kvkNumber: deps.platform.kvkNumber,
    vatNumber: deps.platform.vatNumber,
    locationName: '',
    street: null,
    houseNumber: null,
    postalCode: null,
    city: null,
    email: null,
  };
  const xp = new Intl.NumberFormat('nl-NL').format(Math.abs(invoice.amountOfXp));
  const pdf = await invoicePdf(
    {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      locationId: 0,
      locationName: '',
      memberId: 0,
      memberName: [invoice.employerName, invoice.employerAddress].filter(Boolean).join('\n'),
      totalAmount: invoice.totalPrice,
      status: invoice.status,
      paymentMethod: invoice.paymentMethod,
      creditedInvoiceId: invoice.creditedInvoiceId,
      lines: [
        {
          id: 1,
          description: language === 'nl' ? `${xp} XP (1 XP = € 0,01)` : `${xp} XP (1 XP = € 0.01)`,
          quantity: 1,
          unitPriceCents: invoice.totalPrice,
          vatRate: 0,
          exclVatCents: invoice.totalPrice,
          vatCents: 0,
          totalCents: invoice.totalPrice,
        },
      ],
      subtotal: invoice.totalPrice,
      vat: [{ rate: 0, baseCents: invoice.totalPrice, vatCents: 0 }],
      paidAt: invoice.paidAt,
      creditInvoiceId: invoice.creditInvoiceId,
      payments: [],
      refunds: [],
    },
    issuer,
    language,
    credited?.number ?? null,
    language === 'nl'
      ? 'XP is een meervoudige-doelvoucher: over de verkoop ervan wordt geen btw berekend; btw wordt geheven bij besteding.'
      : 'XP is a multi-purpose voucher: no VAT is charged on its sale; VAT is charged when it is spent.',
  );
  return { name: `${invoice.invoiceNumber}.pdf`, pdf };
}
