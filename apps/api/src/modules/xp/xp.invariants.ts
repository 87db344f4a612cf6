import type { Invariant } from '../../test/harness.ts';
import { checkLedger } from './xp.ledger.ts';

/** Checked after every API test file (decision 019): every balance is the sum of its entries, and so on. */
export const invariants: Invariant[] = [{ name: 'the XP ledger holds', faults: checkLedger }];
