import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from './inputs/date-utils';
import type { ListState } from './list-search';
import { showError, showWarning } from './toasts';
import { translateMessage } from './translate';

/** Rows per request of an export: the API's largest page (`listQuery` of the contracts). */
export const EXPORT_PAGE_SIZE = 100;
/** The most rows one file holds; a larger result is cut off with a warning. */
export const EXPORT_MAX_ROWS = 10_000;
/** Field separator of the file: Excel with Dutch regional settings reads `;`. */
export const CSV_DELIMITER = ';';
/** Byte order mark, so Excel reads the file as UTF-8 (é, ë, €). */
export const UTF8_BOM = '\uFEFF';

/** One page of a list's rows, as the list endpoint answers it. */
export interface ExportPage<T> {
  items: T[];
  /** The export asks with the counts; left out only of a `counts=false` answer. */
  total?: number | undefined;
}

/** The CSV export of a list: the 'Exporteren' button shows when a list is given one. */
export interface ListExport<T> {
  /** Start of the file name (translation key or text; the list's title reads well); the file is `<fileName>-YYYY-MM-DD.csv`. */
  fileName: string;
  /**
   * Fetches one page of the rows. `state` is the list's own state (search, sort, tab and filters) with
   * `page` and `pageSize` of the export, so map it onto the same call as the list itself.
   */
  fetchPage: (state: ListState) => Promise<ExportPage<T>>;
}

/** Helpers a column's `exportValue` gets, so the file holds the texts the screen shows, translated. */
export interface ExportFormat {
  t: TFunction;
  /** ISO-8601 string -> 'DD-MM-YYYY' ('' when missing). */
  date: (iso: string | null | undefined) => string;
  /** 'Ja' / 'Nee' ('Yes' / 'No'). */
  yesNo: (value: boolean) => string;
}

/** What one cell of the file can be; a boolean becomes 'Ja' / 'Nee', null and undefined an empty cell. */
export type ExportValue = string | number | boolean | null | undefined;

/** A column of the file: its translated header and the cell of a row. */
export interface ExportColumn<T> {
  /** Translation key or text. */
  header: string;
  exportValue: (row: T, format: ExportFormat) => ExportValue;
}

export function exportFormat(t: TFunction): ExportFormat {
  return {
    t,
    date: formatDate,
    yesNo: (value) => t(value ? 'ui.export.yes' : 'ui.export.no'),
  };
}

/**
 * Fetches every row of the list's current search, sort and filters, page by page, up to `max` rows.
 * `isCut` tells whether the list holds more rows than the file.
 */
export async function fetchAllRows<T>(
  fetchPage: ListExport<T>['fetchPage'],
  state: ListState,
  max = EXPORT_MAX_ROWS,
): Promise<{ rows: T[]; total: number; isCut: boolean }> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; rows.length < max; page += 1) {
    const result = await fetchPage({ ...state, page, pageSize: EXPORT_PAGE_SIZE });
    total = result.total ?? rows.length + result.items.length;
    rows.push(...result.items);
    // A short page is the last one, also when rows were deleted while exporting.
    if (result.items.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, max), total, isCut: Math.max(total, rows.length) > max };
}

/** A number as Dutch Excel reads it: decimal comma, no thousands separator. */
const csvNumber = (value: number) => (Number.isInteger(value) ? value : String(value).replace('.', ','));

/**
 * Cells that a spreadsheet would run as a formula get a leading `'` (CSV injection); a negative number
 * stays a number.
 */
const FORMULA = /^(?:[=+@\t\r]|-(?!\d+(?:,\d+)?$))/;

/**
 * The file's text: the BOM, a header row and one row per item, separated by `;`, quoted where needed. The
 * CSV writer (papaparse) is loaded on the first export, not with the list.
 */
export async function toCsv<T>(
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
  t: TFunction,
): Promise<string> {
  const { unparse } = await import('papaparse');
  const format = exportFormat(t);
  const cell = (value: ExportValue) => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'boolean') return format.yesNo(value);
    if (typeof value === 'number') return csvNumber(value);
    return value;
  };
  const csv = unparse(
    {
      fields: columns.map((column) => translateMessage(t, column.header)),
      data: rows.map((row) => columns.map((column) => cell(column.exportValue(row, format)))),
    },
    { delimiter: CSV_DELIMITER, newline: '\r\n', escapeFormulae: FORMULA },
  );
  return `${UTF8_BOM}${csv}\r\n`;
}

/** `<fileName>-YYYY-MM-DD.csv` with today's local date. */
export function exportFileName(fileName: string, today = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `${fileName}-${date}.csv`;
}

/** Lets the browser save `text` as a file. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The export of a list: `run()` fetches every row of `state`, builds the CSV of the columns that have an
 * `exportValue` and downloads it; `isExporting` while it runs. A cut-off file and a failure show a toast.
 */
export function useListExport<T>(
  listExport: ListExport<T> | undefined,
  columns: readonly { header: string; exportValue?: ExportColumn<T>['exportValue'] }[],
  state: ListState,
) {
  const { t, i18n } = useTranslation();
  const [isExporting, setIsExporting] = useState(false);
  const running = useRef(false);

  const run = async () => {
    if (!listExport || running.current) return;
    running.current = true;
    setIsExporting(true);
    try {
      const { rows, total, isCut } = await fetchAllRows(listExport.fetchPage, state);
      const fileColumns = columns.filter((column): column is ExportColumn<T> => Boolean(column.exportValue));
      const csv = await toCsv(fileColumns, rows, t);
      downloadText(csv, exportFileName(translateMessage(t, listExport.fileName)));
      if (isCut) {
        const number = (value: number) => value.toLocaleString(i18n.language);
        showWarning(t('ui.export.truncated', { rows: number(rows.length), total: number(total) }), {
          title: 'ui.export.truncatedTitle',
        });
      }
    } catch {
      showError('ui.export.failed');
    } finally {
      running.current = false;
      setIsExporting(false);
    }
  };

  return { isExporting, run };
}
