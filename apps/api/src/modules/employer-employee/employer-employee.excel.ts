import { EXCEL_EMAIL_HEADER, EXCEL_MAX_BYTES, EXCEL_MAX_ROWS } from '@xp/contracts';
import ExcelJS from 'exceljs';
import { readFirstSheet, SpreadsheetError } from '../../platform/files/spreadsheet.ts';
import { errors } from '../../platform/http/errors.ts';

/** An .xlsx file is a zip archive: it starts with a local file header. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The example import file (spec 000 section 9): one column of addresses under its header. */
export async function exampleWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'XP';
  const sheet = workbook.addWorksheet('Medewerkers');
  sheet.columns = [{ header: EXCEL_EMAIL_HEADER, key: 'email', width: 40 }];
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({ email: 'jan.jansen@voorbeeld.nl' });
  sheet.addRow({ email: 'fatima.bakker@voorbeeld.nl' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A first-row cell that names the column rather than holding an address. */
const isHeader = (text: string) => /^(e-?mail(adres| address)?)$/i.test(text.trim());

/**
 * The addresses in the first column of the first sheet of an .xlsx file, in order (empty cells skipped,
 * a header row left out). Refuses anything that is not an .xlsx by its content, more than 1 MB, more than
 * 500 addresses, or a file that takes too much memory or time to read, with a field error on `file`.
 */
export async function readEmailColumn(data: Uint8Array): Promise<string[]> {
  if (data.length > EXCEL_MAX_BYTES) throw errors.field('file', 'employerEmployee.errors.fileTooLarge');
  if (data.length < ZIP_MAGIC.length || ZIP_MAGIC.some((byte, index) => data[index] !== byte)) {
    throw errors.field('file', 'employerEmployee.errors.notExcel');
  }
  let sheet: Awaited<ReturnType<typeof readFirstSheet>>;
  try {
    // One row more than the limit: the first may be a header.
    sheet = await readFirstSheet(data, { maxRows: EXCEL_MAX_ROWS + 1 });
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    throw errors.field(
      'file',
      error.reason === 'tooComplex'
        ? 'employerEmployee.errors.fileTooComplex'
        : 'employerEmployee.errors.notExcel',
    );
  }
  const emails = sheet.rows
    .filter((row) => !(row.number === 1 && isHeader(row.cells[0]!)))
    .map((row) => row.cells[0]!.trim().replace(/^mailto:/i, ''));
  if (sheet.hasMore || emails.length > EXCEL_MAX_ROWS) {
    throw errors.field('file', 'employerEmployee.errors.tooManyRows');
  }
  if (emails.length === 0) throw errors.field('file', 'employerEmployee.errors.noRows');
  return emails;
}
