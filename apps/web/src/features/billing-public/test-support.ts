import { InvoiceStatus, type PublicInvoice } from '@xp/contracts';

/** An open invoice as its pay link shows it (`GET /api/Invoice/Public/{token}`), for the pay page's tests. */
export const dueInvoice: PublicInvoice = {
  gymName: 'Vitaal Utrecht',
  invoiceNumber: 'F2026-000123',
  invoiceDate: '2026-03-01',
  // Far ahead: the page would also say the term has passed.
  dueDate: '2099-03-15',
  totalAmount: 4_950,
  status: InvoiceStatus.Open,
  isPayable: true,
  isPending: false,
};
