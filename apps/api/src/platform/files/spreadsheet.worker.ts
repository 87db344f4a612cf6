import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { SheetRow, WorkerJob, WorkerMessage } from './spreadsheet.ts';

/**
 * Reads the first sheet of an .xlsx in a worker thread (see spreadsheet.ts, which caps its memory and time).
 * The zip is re-ordered before exceljs streams it: only the parts needed, the shared strings before the
 * sheet (so the sheet streams straight through instead of into a temp file, as exceljs does for Excel's own
 * order), and no other sheet, style or theme is ever inflated.
 */

const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

class Unreadable extends Error {}

/** Where each part's local record starts, read from the zip's central directory. */
function zipDirectory(zip: Buffer) {
  const minEnd = Math.max(0, zip.length - 22 - 0xffff);
  let end = zip.length - 22;
  while (end >= minEnd && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < minEnd) throw new Unreadable('no zip directory');
  const count = zip.readUInt16LE(end + 10);
  const directoryStart = zip.readUInt32LE(end + 16);
  if (directoryStart > end) throw new Unreadable('bad zip directory');
  const starts = new Map<string, number>();
  let at = directoryStart;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== 0x02014b50) throw new Unreadable('bad zip entry');
    const nameLength = zip.readUInt16LE(at + 28);
    const start = zip.readUInt32LE(at + 42);
    if (start >= directoryStart) throw new Unreadable('bad zip entry');
    starts.set(zip.toString('utf8', at + 46, at + 46 + nameLength), start);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const ordered = [...new Set(starts.values()), directoryStart].sort((a, b) => a - b);
  /** A zip stream of just these parts, in this order (each record up to the next one), and the directory. */
  const partsOf = (names: string[]) =>
    Readable.from([
      ...names.flatMap((name) => {
        const start = starts.get(name);
        if (start === undefined) return [];
        return [
          zip.subarray(
            start,
            ordered.find((offset) => offset > start),
          ),
        ];
      }),
      zip.subarray(directoryStart),
    ]);
  return { has: (name: string) => starts.has(name), partsOf };
}

type WorkbookInternals = {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  sharedStrings?: unknown[];
};

/** The path of the first sheet in tab order that is a worksheet of the file (as exceljs's full loader picks). */
async function firstSheetPath(directory: ReturnType<typeof zipDirectory>): Promise<string> {
  const book = new ExcelJS.stream.xlsx.WorkbookReader(directory.partsOf([RELS, WORKBOOK]), {
    worksheets: 'ignore',
    sharedStrings: 'ignore',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  // Parses the workbook and its relationships: this stream holds no sheet to yield.
  for await (const _ of book);
  const { model, workbookRels = [] } = book as unknown as WorkbookInternals;
  for (const sheet of model?.sheets ?? []) {
    const target = workbookRels.find((rel) => rel.Id === sheet.rId)?.Target;
    const path = target && `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
    if (path && /^xl\/worksheets\/sheet\d+\.xml$/.test(path) && directory.has(path)) return path;
  }
  throw new Unreadable('no worksheet');
}

async function read({ data, maxRows, columns, maxCellLength }: WorkerJob) {
  const zip = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const directory = zipDirectory(zip);
  const sheetPath = await firstSheetPath(directory);
  const book = new ExcelJS.stream.xlsx.WorkbookReader(
    directory.partsOf([RELS, WORKBOOK, SHARED_STRINGS, sheetPath]),
    { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore' },
  );
  // Without a shared strings part exceljs would park the sheet in a temp file to wait for one.
  (book as unknown as WorkbookInternals).sharedStrings = [];
  const rows: SheetRow[] = [];
  for await (const sheet of book) {
    for await (const row of sheet) {
      const cells: string[] = [];
      for (let column = 1; column <= columns; column++) {
        cells.push(String(row.getCell(column).text ?? '').slice(0, maxCellLength));
      }
      if (cells.every((text) => !text.trim())) continue;
      // One row past the limit is enough to know; the rest of the file is never read.
      if (rows.length === maxRows) return { rows, hasMore: true };
      rows.push({ number: row.number, cells });
    }
    break;
  }
  return { rows, hasMore: false };
}

const port = parentPort!;
port.postMessage({ type: 'ready' } satisfies WorkerMessage);
port.once('message', async (job: WorkerJob) => {
  try {
    port.postMessage({ type: 'done', ...(await read(job)) } satisfies WorkerMessage);
  } catch (error) {
    // A RangeError is a string or array past V8's limits: the file holds more than it lets on.
    const reason = error instanceof RangeError ? 'tooComplex' : 'unreadable';
    port.postMessage({ type: 'failed', reason } satisfies WorkerMessage);
  }
});
