import type { XpInvoice, XpTransaction } from '@xp/contracts';
import { Environment } from '@xp/contracts/enums';
import { admin, testClaims } from '@/app/test-support/claims';

/** Staff of employer 4 in the Employer environment. */
export const employerStaff = () =>
  testClaims({
    userId: 3,
    role: 'Employer',
    activeEnvironment: Environment.Employer,
    activeGymId: null,
    activeEmployerId: 4,
    name: 'Willem Werkgever',
  });

export const adminInAdmin = () => admin({ activeEnvironment: Environment.Admin, activeGymId: null });

const employer = { kind: 'employer' as const, id: 4, name: 'Bakkerij Jansen' };
const wallet = (id: number, name: string) => ({ kind: 'wallet' as const, id, name });
const issuance = { kind: 'issuance' as const, id: null, name: '' };
const store = { kind: 'store' as const, id: null, name: '' };

export const transaction = (overrides: Partial<XpTransaction>): XpTransaction => ({
  id: 1,
  date: '2026-11-20T09:30:00.000Z',
  kind: 'purchase',
  sender: issuance,
  recipient: employer,
  amountOfXp: 12_500,
  description: null,
  employerId: 4,
  employerName: 'Bakkerij Jansen',
  ...overrides,
});

export const transactions: XpTransaction[] = [
  transaction({}),
  transaction({
    id: 2,
    date: '2026-11-21T14:05:00.000Z',
    kind: 'grant',
    sender: employer,
    recipient: wallet(11, 'Anouk Jansen'),
    amountOfXp: 1_500,
  }),
  transaction({
    id: 3,
    kind: 'redemption',
    sender: wallet(11, 'Anouk Jansen'),
    recipient: store,
    amountOfXp: 800,
    description: 'Sporttas',
  }),
];

export const transactionCounts = {
  all: 3,
  purchase: 1,
  grant: 1,
  reward: 0,
  redemption: 1,
  refund: 0,
  correction: 0,
};

export const xpInvoice = (overrides: Partial<XpInvoice> = {}): XpInvoice => ({
  id: 7,
  invoiceNumber: 'XP2026-000007',
  invoiceDate: '2026-11-20T09:30:00.000Z',
  dueDate: '2026-12-04T09:30:00.000Z',
  employerId: 4,
  employerName: 'Bakkerij Jansen',
  employerAddress: 'Dorpsstraat 1, 1234 AB Ons Dorp',
  amountOfXp: 12_500,
  totalPrice: 12_500,
  vat: 0,
  status: 1,
  paymentMethod: null,
  paidAt: null,
  collection: 'checkout',
  creditedInvoiceId: null,
  creditInvoiceId: null,
  checkoutUrl: 'http://127.0.0.1/dev/checkout/tr_7',
  ...overrides,
});

export const invoiceCounts = { all: 2, '0': 0, '1': 1, '2': 0, '3': 0, '4': 1, '5': 0, '6': 0, '7': 0 };

export const balance = { amountOfXp: 12_500, minPurchase: 1_000, maxPurchase: 10_000_000 };
