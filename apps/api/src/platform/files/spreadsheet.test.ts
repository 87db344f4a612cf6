import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  batched,
  emptyRowsXlsx,
  manyRowsXlsx,
  sharedStringsBombXlsx,
  sharedStringsXml,
  sheetXml,
  workbookParts,
  xlsx,
  zipParts,
} from '../../test/xlsx.ts';
import { readFirstSheet, SpreadsheetError } from './spreadsheet.ts';

/** Column A..`columns` text of each row with a value, as exceljs's full (in-memory) loader shows it. */
async function fullyLoaded(data: Buffer, columns = 1) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: { number: number; cells: string[] }[] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = Array.from({ length: columns }, (_, index) => String(row.getCell(index + 1).text ?? ''));
    if (cells.some((text) => text.trim())) rows.push({ number, cells });
  });
  return rows;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SpreadsheetError);
  return (error as SpreadsheetError).reason;
}

/**
 * How long a read may take at most, the file made: the time limit (1 s) and a worker's start, with room
 * for a machine whose two cores run the other suites meanwhile.
 */
const BOUND_MS = 3_000;

describe('readFirstSheet', () => {
  it('reads cells as exceljs loads them: text, hyperlinks, rich text, formulas, numbers', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Adressen');
    sheet.addRow(['E-mailadres', 'Naam']);
    sheet.addRow(['jan@example.com', 'Jan']);
    sheet.addRow([{ text: 'link@example.com', hyperlink: 'mailto:link@example.com' }, 'Link']);
    sheet.addRow([{ richText: [{ text: 'rijk@' }, { font: { bold: true }, text: 'example.com' }] }]);
    sheet.addRow([{ formula: 'LOWER("FORMULE@EXAMPLE.COM")', result: 'formule@example.com' }]);
    sheet.addRow([]);
    sheet.addRow(['', 'alleen B']);
    sheet.addRow([12345, true]);
    sheet.addRow(['  spaties@example.com  ']);
    sheet.getRow(20).getCell(1).value = 'ver@example.com';
    book.addWorksheet('Anders').addRow(['niet@example.com']);
    const data = Buffer.from(await book.xlsx.writeBuffer());

    for (const columns of [1, 2]) {
      const { rows, hasMore } = await readFirstSheet(data, { maxRows: 100, columns });
      expect(hasMore).toBe(false);
      expect(rows).toEqual(await fullyLoaded(data, columns));
    }
    const { rows } = await readFirstSheet(data, { maxRows: 100 });
    expect(rows.map((row) => row.cells[0])).toEqual([
      'E-mailadres',
      'jan@example.com',
      'link@example.com',
      'rijk@example.com',
      'formule@example.com',
      '12345',
      '  spaties@example.com  ',
      'ver@example.com',
    ]);
    expect(rows.at(-1)!.number).toBe(20);
  });

  it('takes the first sheet in tab order, with shared strings after the sheets (as Excel writes them)', async () => {
    const data = await zipParts({
      ...workbookParts([
        { name: 'Eerste', file: 'sheet2.xml' },
        { name: 'Tweede', file: 'sheet1.xml' },
      ]),
      'xl/worksheets/sheet1.xml': sheetXml(['<row r="1"><c r="A1" t="s"><v>1</v></c></row>']),
      'xl/worksheets/sheet2.xml': sheetXml([
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
        '<row r="2"><c r="A2" t="inlineStr"><is><t>inline@example.com</t></is></c></row>',
      ]),
      'xl/sharedStrings.xml': sharedStringsXml([
        '<si><t>eerste@example.com</t></si>',
        '<si><t>tweede@example.com</t></si>',
      ]),
    });
    const { rows } = await readFirstSheet(data, { maxRows: 10 });
    expect(rows).toEqual(await fullyLoaded(data));
    expect(rows.map((row) => row.cells[0])).toEqual(['eerste@example.com', 'inline@example.com']);
  });

  it('stops one row past the limit: 3,000,000 rows are refused as quickly as 501', async () => {
    const rows = (count: number) =>
      xlsx(
        sheetXml(
          batched(count, (n) => `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>r${n}</t></is></c></row>`),
        ),
      );
    expect(await readFirstSheet(await rows(500), { maxRows: 500 })).toMatchObject({ hasMore: false });
    const over = await readFirstSheet(await rows(501), { maxRows: 500 });
    expect(over.hasMore).toBe(true);
    expect(over.rows).toHaveLength(500);
    expect(over.rows.at(-1)).toEqual({ number: 500, cells: ['r500'] });

    const file = await manyRowsXlsx(3_000_000);
    const start = performance.now();
    const huge = await readFirstSheet(file, { maxRows: 500 });
    expect(huge.hasMore).toBe(true);
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
  });

  it('cuts long cells', async () => {
    const data = await xlsx(
      sheetXml([`<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(5000)}</t></is></c></row>`]),
    );
    const { rows } = await readFirstSheet(data, { maxRows: 1, maxCellLength: 100 });
    expect(rows[0]!.cells[0]).toHaveLength(100);
  });

  it('refuses what is not a workbook', async () => {
    expect(await refusal(readFirstSheet(Buffer.from('geen zip'), { maxRows: 1 }))).toBe('unreadable');
    expect(await refusal(readFirstSheet(Buffer.from([0x50, 0x4b, 3, 4, 1, 2]), { maxRows: 1 }))).toBe(
      'unreadable',
    );
    const noWorkbook = await zipParts({ 'xl/worksheets/sheet1.xml': sheetXml([]) });
    expect(await refusal(readFirstSheet(noWorkbook, { maxRows: 1 }))).toBe('unreadable');
    const brokenSheet = await xlsx('<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></wrong>');
    expect(await refusal(readFirstSheet(brokenSheet, { maxRows: 1 }))).toBe('unreadable');
  });

  it('stops a zip bomb in the shared strings by the memory cap or the time limit', async () => {
    const bomb = await sharedStringsBombXlsx(300);
    const start = performance.now();
    expect(await refusal(readFirstSheet(bomb, { maxRows: 500 }))).toBe('tooComplex');
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
  });

  it('stops a sheet that takes too long to read at the time limit', async () => {
    const data = await emptyRowsXlsx(30_000_000);
    const start = performance.now();
    expect(await refusal(readFirstSheet(data, { maxRows: 500, timeLimitMs: 300 }))).toBe('tooComplex');
    expect(performance.now() - start).toBeLessThan(1_500);
  });

  it('never inflates parts it does not need (a bomb in the styles or another sheet)', async () => {
    const filler = batched(20_000_000, () => '<x/>');
    const data = await xlsx(
      sheetXml(['<row r="1"><c r="A1" t="inlineStr"><is><t>jan@example.com</t></is></c></row>']),
      undefined,
      { 'xl/styles.xml': filler, 'xl/worksheets/sheet2.xml': sheetXml(batched(20_000_000, () => '<row/>')) },
    );
    expect(data.length).toBeLessThan(1024 * 1024);
    const { rows } = await readFirstSheet(data, { maxRows: 10, timeLimitMs: 500 });
    expect(rows).toEqual([{ number: 1, cells: ['jan@example.com'] }]);
  });

  it('reads several files at once (two workers at a time, the others wait)', async () => {
    const data = await xlsx(
      sheetXml(['<row r="1"><c r="A1" t="inlineStr"><is><t>a@example.com</t></is></c></row>']),
    );
    const results = await Promise.all(Array.from({ length: 4 }, () => readFirstSheet(data, { maxRows: 1 })));
    expect(results.every((result) => result.rows[0]!.cells[0] === 'a@example.com')).toBe(true);
  });
});
