import { describe, expect, it } from 'vitest';
import { checkFiles, describeAccept, formatFileSize, matchesAccept } from './file-utils';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('file helpers', () => {
  it('matches MIME types, wildcards and extensions', () => {
    expect(matchesAccept(file('a.png', 'image/png'), ['image/*'])).toBe(true);
    expect(matchesAccept(file('a.png', 'image/png'), ['image/jpeg'])).toBe(false);
    expect(matchesAccept(file('Import.XLSX', ''), ['.xlsx'])).toBe(true);
    expect(matchesAccept(file('a.pdf', 'application/pdf'), undefined)).toBe(true);
  });

  it('accepts one file only, of an allowed type and size', () => {
    expect(checkFiles([file('a.png', 'image/png'), file('b.png', 'image/png')])).toBe('tooMany');
    expect(checkFiles([file('a.pdf', 'application/pdf')], ['image/*'])).toBe('invalidType');
    expect(checkFiles([file('a.png', 'image/png', 2000)], ['image/*'], 1000)).toBe('tooLarge');
    expect(checkFiles([file('a.png', 'image/png', 1000)], ['image/*'], 1000)).toBeNull();
  });

  it('formats sizes in kB and MB with a Dutch comma', () => {
    expect(formatFileSize(500 * 1024)).toBe('500 kB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en-GB')).toBe('1.5 MB');
    expect(describeAccept(['image/png', '.xlsx', 'image/*'])).toBe('PNG, XLSX, image');
  });
});
