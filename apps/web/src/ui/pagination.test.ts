import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, resultRange } from './pagination';

describe('pageRange', () => {
  it('shows every page when there are few', () => {
    expect(pageRange(1, 1, 1)).toEqual([1]);
    expect(pageRange(2, 3, 1)).toEqual([1, 2, 3]);
    expect(pageRange(1, 5, 2)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last and one neighbour each side on small screens, with dots for gaps', () => {
    expect(pageRange(5, 10, 1)).toEqual([1, 'dots', 4, 5, 6, 'dots', 10]);
    expect(pageRange(1, 10, 1)).toEqual([1, 2, 'dots', 10]);
    expect(pageRange(10, 10, 1)).toEqual([1, 'dots', 9, 10]);
  });

  it('shows two neighbours each side on wide screens', () => {
    expect(pageRange(10, 20, 2)).toEqual([1, 'dots', 8, 9, 10, 11, 12, 'dots', 20]);
    expect(pageRange(1, 20, 2)).toEqual([1, 2, 3, 'dots', 20]);
  });

  it('shows a single missing page instead of dots', () => {
    expect(pageRange(4, 10, 1)).toEqual([1, 2, 3, 4, 5, 'dots', 10]);
    expect(pageRange(7, 10, 1)).toEqual([1, 'dots', 6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageRange(99, 4, 1)).toEqual([1, 2, 3, 4]);
    expect(pageRange(0, 10, 1)).toEqual([1, 2, 'dots', 10]);
    expect(pageRange(1, 0, 1)).toEqual([]);
  });
});

describe('resultRange and pageCount', () => {
  it('gives the numbers of the caption', () => {
    expect(resultRange(1, 25, 60)).toEqual({ from: 1, to: 25, total: 60 });
    expect(resultRange(3, 25, 60)).toEqual({ from: 51, to: 60, total: 60 });
    expect(resultRange(1, 25, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
