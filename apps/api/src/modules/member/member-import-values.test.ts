import { describe, expect, it } from 'vitest';
import { readCsv } from '../../platform/files/table-file.ts';
import { normaliseIban, parseDate } from './member-import-values.ts';

/** The member import's values as a file holds them: dates (Dutch, ISO, Excel serials), IBANs, CSV records. */
describe('reading values', () => {
  it('reads dates, IBANs and CSV records', () => {
    expect(parseDate('2026-01-05', false)).toBe('2026-01-05');
    expect(parseDate('5-1-2026', false)).toBe('2026-01-05');
    expect(parseDate('05/01/2026', false)).toBe('2026-01-05');
    expect(parseDate('31-02-2026', false)).toBeUndefined();
    expect(parseDate('46027', true)).toBe('2026-01-05');
    expect(parseDate('46027', false)).toBeUndefined();
    expect(normaliseIban('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(normaliseIban('NL92ABNA0417164300')).toBeUndefined();
    expect(normaliseIban('DE89370400440532013000')).toBe('DE89370400440532013000');
    expect(readCsv('a;b\r\n"x;""y""";z\n\n;\n"multi\nline";w', 10)).toEqual({
      rows: [
        { number: 1, cells: ['a', 'b'] },
        { number: 2, cells: ['x;"y"', 'z'] },
        { number: 5, cells: ['multi\nline', 'w'] },
      ],
      hasMore: false,
    });
    expect(readCsv('a\nb\nc', 2).hasMore).toBe(true);
  });
});
