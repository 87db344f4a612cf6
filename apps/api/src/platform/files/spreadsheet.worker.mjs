// Reads the first sheet of an .xlsx in a worker thread (see spreadsheet.ts, which caps its memory and time).
// Plain JavaScript on purpose: a .ts worker needs tsx registered in its own thread (workers do not inherit
// tsx's loader, neither under `tsx src/main.ts` nor under vitest), which doubles the start of each worker.
//
// The zip is re-ordered before exceljs streams it: only the parts needed, the shared strings before the
// sheet (so the sheet streams straight through instead of into a temp file, as exceljs does for Excel's own
// order), and no other sheet, style or theme is ever inflated.
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** @typedef {import('./spreadsheet.ts').WorkerJob} WorkerJob */
/** @typedef {import('./spreadsheet.ts').WorkerMessage} WorkerMessage */
/** @typedef {import('./spreadsheet.ts').SheetRow} SheetRow */

const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** Where each part's local record starts, read from the zip's central directory. */
function zipDirectory(/** @type {Buffer} */ zip) {
  const minEnd = Math.max(0, zip.length - 22 - 0xffff);
  let end = zip.length - 22;
  while (end >= minEnd && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < minEnd) throw new Error('no zip directory');
  const count = zip.readUInt16LE(end + 10);
  const directoryStart = zip.readUInt32LE(end + 16);
  if (directoryStart > end) throw new Error('bad zip directory');
  /** @type {Map<string, number>} */
  const starts = new Map();
  let at = directoryStart;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad zip entry');
    const nameLength = zip.readUInt16LE(at + 28);
    const start = zip.readUInt32LE(at + 42);
    if (start >= directoryStart) throw new Error('bad zip entry');
    starts.set(zip.toString('utf8', at + 46, at + 46 + nameLength), start);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const ordered = [...new Set(starts.values()), directoryStart].sort((a, b) => a - b);
  return {
    has: (/** @type {string} */ name) => starts.has(name),
    /** A zip stream of just these parts, in this order (each record up to the next one), and the directory. */
    partsOf: (/** @type {string[]} */ names) =>
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
      ]),
  };
}

/** The path of the first sheet in tab order that is a worksheet of the file (as exceljs's full loader picks). */
async function firstSheetPath(/** @type {ReturnType<typeof zipDirectory>} */ directory) {
  const book = new ExcelJS.stream.xlsx.WorkbookReader(directory.partsOf([RELS, WORKBOOK]), {
    worksheets: 'ignore',
    sharedStrings: 'ignore',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  // Parses the workbook and its relationships: this stream holds no sheet to yield.
  for await (const _ of book);
  // Fields of exceljs 4.4's reader that its types do not show.
  /** @type {{ model?: { sheets?: { rId: string }[] }, workbookRels?: { Id: string, Target: string }[] }} */
  const { model, workbookRels = [] } = /** @type {any} */ (book);
  for (const sheet of model?.sheets ?? []) {
    const target = workbookRels.find((rel) => rel.Id === sheet.rId)?.Target;
    const path = target && `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
    if (path && /^xl\/worksheets\/sheet\d+\.xml$/.test(path) && directory.has(path)) return path;
  }
  throw new Error('no worksheet');
}

/** @returns {Promise<{ rows: SheetRow[], hasMore: boolean }>} */
async function read(/** @type {WorkerJob} */ { data, maxRows, columns, maxCellLength }) {
  const directory = zipDirectory(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const sheetPath = await firstSheetPath(directory);
  const book = new ExcelJS.stream.xlsx.WorkbookReader(
    directory.partsOf([RELS, WORKBOOK, SHARED_STRINGS, sheetPath]),
    { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore' },
  );
  // Without a shared strings part exceljs would park the sheet in a temp file to wait for one.
  /** @type {any} */ (book).sharedStrings = [];
  /** @type {SheetRow[]} */
  const rows = [];
  for await (const sheet of book) {
    for await (const row of sheet) {
      const cells = [];
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

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
port.postMessage(/** @satisfies {WorkerMessage} */ ({ type: 'ready' }));
port.once('message', async (/** @type {WorkerJob} */ job) => {
  try {
    port.postMessage(/** @satisfies {WorkerMessage} */ ({ type: 'done', ...(await read(job)) }));
  } catch (error) {
    // A RangeError is a string or array past V8's limits: the file holds more than it lets on.
    const reason = error instanceof RangeError ? 'tooComplex' : 'unreadable';
    port.postMessage(/** @satisfies {WorkerMessage} */ ({ type: 'failed', reason }));
  }
});
