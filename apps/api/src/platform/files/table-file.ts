import { type ReadSheetOptions, readFirstSheet, type SheetRow, SpreadsheetError } from './spreadsheet.ts';

/*
 * A table a person uploads: an .xlsx (its first sheet, read in the spreadsheet worker) or a .csv (read here),
 * told apart by content, not by name. A file that is neither is refused as `SpreadsheetError('unreadable')`.
 */

/** An .xlsx file is a zip archive: it starts with a local file header. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export interface TableFile {
  kind: 'xlsx' | 'csv';
  /** The rows with text, up to `maxRows`, each cell's text by column position. */
  rows: SheetRow[];
  /** More rows with text follow. */
  hasMore: boolean;
}

/** The rows of an .xlsx (first sheet) or a .csv, up to `maxRows`. */
export async function readTableFile(data: Uint8Array, options: ReadSheetOptions): Promise<TableFile> {
  const isZip = data.length >= ZIP_MAGIC.length && ZIP_MAGIC.every((byte, index) => data[index] === byte);
  if (isZip) return { kind: 'xlsx', ...(await readFirstSheet(data, options)) };
  return { kind: 'csv', ...readCsv(decodeText(data), options.maxRows, options) };
}

/** A text file's content: UTF-8 (a BOM dropped), else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeText(data: Uint8Array) {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  // A NUL or other control character: not a text file (an image, a PDF, an old .xls).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it looks for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw new SpreadsheetError('unreadable');
  return text.replace(/^\uFEFF/, '');
}

/**
 * Reads CSV records (RFC 4180: quoted fields with `""`, line breaks inside quotes) up to `maxRows` rows
 * with text, stopping there. The separator is the one the header line uses most: `;` (Dutch Excel), `,`
 * or a tab.
 */
export function readCsv(
  text: string,
  maxRows: number,
  { columns = 40, maxCellLength = 1_000 }: { columns?: number; maxCellLength?: number } = {},
): { rows: SheetRow[]; hasMore: boolean } {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = [';', ',', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let number = 1;
  let at = 0;
  const endCell = () => {
    cells.push(cell.trim().slice(0, maxCellLength));
    cell = '';
  };
  /** Ends a record; true when the limit is passed. */
  const endRow = () => {
    endCell();
    const hasText = cells.some((value) => value !== '');
    if (hasText && rows.length === maxRows) return true;
    if (hasText) rows.push({ number, cells: cells.slice(0, columns) });
    cells = [];
    number++;
    return false;
  };
  while (at < text.length) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else if (cell.length <= maxCellLength) cell += char;
      at++;
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      if (endRow()) return { rows, hasMore: true };
    } else if (cell.length <= maxCellLength) cell += char;
    at++;
  }
  if (cell !== '' || cells.length > 0) {
    if (endRow()) return { rows, hasMore: true };
  }
  return { rows, hasMore: false };
}
