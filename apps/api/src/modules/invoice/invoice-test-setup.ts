import type { Invoice } from '@xp/contracts';
import { call, gym, ids, useMemberDesk } from '../member/test-support.ts';
import { ok } from '../rights/test-support.ts';

/*
 * The set-up of the invoice tests (decision 016): the member desk's app (member/test-support.ts) and an
 * invoice issued to a member.
 */

/** Opens the member desk's app before the file's tests and closes it after (each file builds its own). */
export const useInvoiceApp = () => useMemberDesk('factuur.test', '10.66');

/** Two lines of an invoice: 2 x 45,00 incl. 21 % VAT and 2,50 incl. 9 %. */
export const lines = [
  { description: 'Personal training', quantity: 2, unitPriceCents: 4_500, includesVat: true, vatRate: 21 },
  { description: 'Sportdrank', quantity: 1, unitPriceCents: 250, includesVat: true, vatRate: 9 },
];
/** An invoice of the two lines to the member, issued at Utrecht by Vitaal's gym session. */
export const issue = async (memberId: number, cookie = gym, locationId = ids.utrecht) =>
  ok<Invoice>(await call('POST', '/Invoice', cookie, { memberId, locationId, lines }));
