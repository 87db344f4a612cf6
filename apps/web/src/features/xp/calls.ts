import type { xpEndpoints } from '@xp/contracts';
import { descriptor } from '@xp/contracts/descriptor';

type Xp = typeof xpEndpoints;

/**
 * The XP calls as schema-free descriptors (decision 010): the header's balance is on every employer page,
 * so it must not bring zod and the XP schemas along. Their answers transform nothing (`calls.test.ts`).
 */
export const xpCalls = {
  balance: descriptor<Xp['balance']>('GET', '/Employer/{id}/GetBalance'),
  addBalance: descriptor<Xp['addBalance']>('POST', '/Employer/{activeEmployerId}/AddBalance'),
  transactions: descriptor<Xp['transactions']>('GET', '/Employer/{activeEmployerId}/XpTransactions'),
  grant: descriptor<Xp['grant']>('POST', '/Employer/{activeEmployerId}/GrantXp'),
  invoices: descriptor<Xp['invoices']>('GET', '/Employer/{activeEmployerId}/XpInvoices'),
  invoice: descriptor<Xp['invoice']>('GET', '/Employer/{activeEmployerId}/XpInvoices/{id}'),
  payInvoice: descriptor<Xp['payInvoice']>('POST', '/Employer/{activeEmployerId}/XpInvoices/{id}/Pay'),
  adminTransactions: descriptor<Xp['adminTransactions']>('GET', '/XpTransaction'),
  correction: descriptor<Xp['correction']>('POST', '/XpTransaction/Correction'),
  adminInvoices: descriptor<Xp['adminInvoices']>('GET', '/XpInvoice'),
  cancelInvoice: descriptor<Xp['cancelInvoice']>('POST', '/XpInvoice/{id}/Cancel'),
};

/** The contract's XP_INVOICE_PDF_PATH, here without the XP schemas (`calls.test.ts`). */
export const INVOICE_PDF_PATH = '/XpInvoice/{id}/Pdf';
