import { Worker } from 'node:worker_threads';

/**
 * Reading uploaded spreadsheets (imports) without letting a file stop the server. An .xlsx of 1 MB can
 * inflate to a gigabyte (millions of rows, or a zip bomb in the shared strings or styles), so the first
 * sheet is streamed in a worker thread with a memory cap and a time limit, and reading stops one row past
 * the limit. The request loop only waits for a message.
 */

/** A row with text in at least one of the columns asked for: its number in the sheet and those cells' text. */
export type SheetRow = { number: number; cells: string[] };

export type ReadSheetOptions = {
  /** Rows (with text in the columns asked for) to read; one more tells `hasMore` and stops the reading. */
  maxRows: number;
  /** Columns A.. to read; 1 is column A only. */
  columns?: number;
  /** A cell's text is cut to this many characters. */
  maxCellLength?: number;
  /** Wall time of the reading (by a started worker) before it is stopped. */
  timeLimitMs?: number;
};

/** `unreadable`: not an .xlsx (or a broken one); `tooComplex`: it needs more memory or time than allowed. */
export class SpreadsheetError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooComplex') {
    super(`spreadsheet ${reason}`);
    this.name = 'SpreadsheetError';
  }
}

/** What the worker is sent, and what it answers. */
export type WorkerJob = { data: Uint8Array; maxRows: number; columns: number; maxCellLength: number };
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; rows: SheetRow[]; hasMore: boolean }
  | { type: 'failed'; reason: SpreadsheetError['reason'] };

/** Starting a worker (loading exceljs) takes a few hundred ms; beyond this something is wrong with the host. */
const START_LIMIT_MS = 15_000;
/** The reader's heap (V8 old generation): a 1 MB workbook of 70,000 distinct strings needs about 40 MB. */
const MEMORY_LIMIT_MB = 96;
/** Readers at once: each may take a core and its memory cap; more uploads wait their turn. */
const MAX_PARALLEL = 2;

let running = 0;
const waiting: (() => void)[] = [];
/** A started, idle worker, so that an upload does not wait for one to load exceljs. */
let spare: Promise<Worker> | undefined;

/**
 * The rows of the first sheet (in tab order) of an .xlsx, up to `maxRows`, with their cells' text as
 * exceljs shows it (shared and rich text joined, a hyperlink's text, a formula's result). Throws a
 * `SpreadsheetError` for a file that is not an .xlsx or that takes more memory or time than allowed.
 */
export async function readFirstSheet(
  data: Uint8Array,
  { maxRows, columns = 1, maxCellLength = 1_000, timeLimitMs = 1_000 }: ReadSheetOptions,
): Promise<{ rows: SheetRow[]; hasMore: boolean }> {
  // A waiting upload is handed the slot of the one that finishes.
  if (running < MAX_PARALLEL) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const taken = spare ?? startWorker();
    // The next upload finds a started worker too (starting one takes a few hundred ms); it starts after
    // this one, so that the two do not share the CPU.
    spare = taken.then(startWorker, startWorker);
    // A failure surfaces when the spare is taken.
    spare.catch(() => {});
    let worker = await taken.catch(() => startWorker());
    // A spare that has stopped while idle (threadId -1) would never answer.
    if (worker.threadId < 0) worker = await startWorker();
    return await runJob(worker, { data, maxRows, columns, maxCellLength }, timeLimitMs);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** A worker that has loaded its modules and waits for a job. */
function startWorker() {
  return new Promise<Worker>((resolve, reject) => {
    const worker = new Worker(new URL('./spreadsheet.worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_LIMIT_MB, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('the spreadsheet worker did not start'));
    }, START_LIMIT_MS);
    timer.unref();
    const failed = (error: unknown) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error('the spreadsheet worker stopped'));
    };
    worker.once('message', (message: WorkerMessage) => {
      clearTimeout(timer);
      worker.off('error', failed).off('exit', failed);
      if (message.type === 'ready') resolve(worker);
      else reject(new Error('the spreadsheet worker did not start'));
    });
    worker.once('error', failed).once('exit', failed);
  });
}

/** Sends the job, and stops the worker when it answers, fails, runs out of memory or out of time. */
function runJob(worker: Worker, job: WorkerJob, timeLimitMs: number) {
  return new Promise<{ rows: SheetRow[]; hasMore: boolean }>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const tooComplex = () => finish(() => reject(new SpreadsheetError('tooComplex')));
    const timer = setTimeout(tooComplex, timeLimitMs);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'done') finish(() => resolve({ rows: message.rows, hasMore: message.hasMore }));
      else if (message.type === 'failed') finish(() => reject(new SpreadsheetError(message.reason)));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') tooComplex();
      else finish(() => reject(error));
    });
    worker.on('exit', tooComplex);
    worker.postMessage(job);
  });
}
