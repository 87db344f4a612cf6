import { COUNT_CAP } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { type CappedCount, cappedSum } from './paging.ts';

/** What `cappedCounts` answers for a row set of `rows` rows (it counts at most `COUNT_CAP + 1`). */
const capped = (rows: number): CappedCount => {
  const counted = Math.min(rows, COUNT_CAP + 1);
  return { value: Math.min(counted, COUNT_CAP), isCapped: counted > COUNT_CAP };
};

describe('cappedSum: two disjoint tabs give the capped count of their union', () => {
  it.each([
    [0, 0],
    [3, 4],
    [COUNT_CAP, 0],
    [COUNT_CAP - 1, 1],
    [COUNT_CAP, 1],
    [COUNT_CAP + 1, 0],
    [0, COUNT_CAP + 1],
    [6000, 6000],
    [80_000, 120_000],
  ])('%i and %i rows', (a, b) => {
    expect(cappedSum(capped(a), capped(b))).toEqual(capped(a + b));
  });
});
