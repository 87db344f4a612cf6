export type FileRejectionReason = 'tooMany' | 'invalidType' | 'tooLarge';

/**
 * Whether a file matches an accept list as `<input accept>` reads it: MIME types ('image/png'), wildcards
 * ('image/*') and extensions ('.xlsx'). An empty or missing list accepts everything.
 */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept?: readonly string[]): boolean {
  if (!accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/** Why a single pick is refused, or `null` when it is fine. The file picker accepts one file (spec 5, 9). */
export function checkFiles(
  files: readonly Pick<File, 'name' | 'type' | 'size'>[],
  accept?: readonly string[],
  maxSize?: number,
): FileRejectionReason | null {
  if (files.length > 1) return 'tooMany';
  const file = files[0];
  if (!file) return null;
  if (!matchesAccept(file, accept)) return 'invalidType';
  if (maxSize !== undefined && file.size > maxSize) return 'tooLarge';
  return null;
}

/** '850 kB', '1,5 MB' (sizes in kB as the spec shows them). */
export function formatFileSize(bytes: number, locale = 'nl-NL'): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${format.format(Math.max(1, Math.ceil(bytes / 1024)))} kB`;
  return `${format.format(bytes / (1024 * 1024))} MB`;
}

/** Readable accept list: 'image/png, .xlsx' -> 'PNG, XLSX'. */
export function describeAccept(accept?: readonly string[]): string {
  return (accept ?? [])
    .map((entry) => {
      const value = entry.trim();
      if (value.startsWith('.')) return value.slice(1).toUpperCase();
      const [kind, sub] = value.split('/');
      return sub === '*' ? (kind ?? value) : (sub ?? value).toUpperCase();
    })
    .join(', ');
}
