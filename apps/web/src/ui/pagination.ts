/** A page number, or a gap shown as '...'. */
export type PageItem = number | 'dots';

/** Number of pages for `total` items (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page buttons to show: always the first and the last page, `siblings` pages on each side of the
 * current one, and 'dots' for each gap. A gap of a single page shows that page instead of '...'.
 */
export function pageRange(current: number, pages: number, siblings: number): PageItem[] {
  if (pages < 1) return [];
  const page = Math.min(Math.max(current, 1), pages);
  const shown = new Set<number>([1, pages]);
  for (let p = page - siblings; p <= page + siblings; p++) {
    if (p >= 1 && p <= pages) shown.add(p);
  }
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (previous > 0 && p - previous === 2) items.push(previous + 1);
    else if (previous > 0 && p - previous > 2) items.push('dots');
    items.push(p);
    previous = p;
  }
  return items;
}

/** Numbers of the caption 'Resultaten: from - to van total'. */
export function resultRange(page: number, pageSize: number, total: number) {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return { from, to, total };
}
