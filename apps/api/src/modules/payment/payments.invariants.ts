import type { Invariant } from '../../test/harness.ts';
import { checkPaymentsAgree } from './refunds.ts';

/**
 * Checked after every API test file (decision 015): every paid payment belongs to a paid invoice or order,
 * or to a refund owed.
 */
export const invariants: Invariant[] = [
  { name: 'every paid payment belongs to something', faults: checkPaymentsAgree },
];
