import {
  type Claims,
  dateText,
  dutchToday,
  fullNameOf,
  Gender,
  importHeaderKey,
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportColumn,
  type MemberImportError,
  type MemberImportResult,
  type MemberImportRow,
  memberImportColumns,
  memberInput,
  type UploadedFile,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import ExcelJS from 'exceljs';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { readFirstSheet, type SheetRow, SpreadsheetError } from '../../platform/files/spreadsheet.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import * as memberRepository from './member.repository.ts';
import * as service from './member.service.ts';
import * as repository from './member-import.repository.ts';

/*
 * The member import: members with their membership from an .xlsx or .csv file. The
 * file is read row by row up to the limit (an .xlsx in the spreadsheet worker, a .csv here), each row is
 * checked, and each valid row is created in a transaction of its own by the desk's own service calls
 * (`createMember`, `addMembership`), so the import obeys exactly their rules and audits as they do; a
 * refused row rolls back whole. The check (dry run) runs the same and rolls every row back.
 */

/** An .xlsx file is a zip archive: it starts with a local file header. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Columns A.. read of an .xlsx: the 19 of the example and room for others a gym's file carries. */
const MAX_COLUMNS = 40;
const MAX_CELL_LENGTH = 1_000;
/** Rows created at once, each in a transaction (and connection) of its own. */
const PARALLEL_ROWS = 4;

const fileError = (reason: string) => errors.field('file', `member.import.errors.${reason}`);

// -------------------------------------------------------------------------------------------- reading

/** The header row and the rows below it, each cell's text by column position. */
interface Sheet {
  kind: 'xlsx' | 'csv';
  header: SheetRow;
  rows: SheetRow[];
}

/** The rows of an .xlsx (first sheet) or a .csv (by content), the first one the header; refuses others. */
export async function readImportFile(data: Uint8Array): Promise<Sheet> {
  if (data.length > MEMBER_IMPORT_MAX_BYTES) throw fileError('fileTooLarge');
  const isZip = data.length >= ZIP_MAGIC.length && ZIP_MAGIC.every((byte, index) => data[index] === byte);
  let read: { rows: SheetRow[]; hasMore: boolean };
  if (isZip) {
    try {
      // The header and one row more than the limit.
      read = await readFirstSheet(data, {
        maxRows: MEMBER_IMPORT_MAX_ROWS + 1,
        columns: MAX_COLUMNS,
        maxCellLength: MAX_CELL_LENGTH,
        timeLimitMs: 5_000,
      });
    } catch (error) {
      if (!(error instanceof SpreadsheetError)) throw error;
      throw fileError(error.reason === 'tooComplex' ? 'fileTooComplex' : 'notSpreadsheet');
    }
  } else {
    read = readCsv(decodeText(data), MEMBER_IMPORT_MAX_ROWS + 1);
  }
  const [header, ...rows] = read.rows;
  if (read.hasMore) throw fileError('tooManyRows');
  if (!header || rows.length === 0) throw fileError('noRows');
  return { kind: isZip ? 'xlsx' : 'csv', header, rows };
}

/** A text file's content: UTF-8 (a BOM dropped), else Windows-1252 (Excel's "CSV" on Windows). */
function decodeText(data: Uint8Array) {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  // A NUL or other control character: not a text file (an image, a PDF, an old .xls).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it looks for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw fileError('notSpreadsheet');
  return text.replace(/^\uFEFF/, '');
}

/**
 * Reads CSV records (RFC 4180: quoted fields with `""`, line breaks inside quotes) up to `maxRows` rows
 * with text, stopping there. The separator is the one the header line uses most: `;` (Dutch Excel), `,`
 * or a tab.
 */
export function readCsv(text: string, maxRows: number): { rows: SheetRow[]; hasMore: boolean } {
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
    cells.push(cell.trim().slice(0, MAX_CELL_LENGTH));
    cell = '';
  };
  /** Ends a record; true when the limit is passed. */
  const endRow = () => {
    endCell();
    const hasText = cells.some((value) => value !== '');
    if (hasText && rows.length === maxRows) return true;
    if (hasText) rows.push({ number, cells: cells.slice(0, MAX_COLUMNS) });
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
      else if (cell.length <= MAX_CELL_LENGTH) cell += char;
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
    } else if (cell.length <= MAX_CELL_LENGTH) cell += char;
    at++;
  }
  if (cell !== '' || cells.length > 0) {
    if (endRow()) return { rows, hasMore: true };
  }
  return { rows, hasMore: false };
}

/** Column key -> position, from the header row; unknown headers are left out. */
function columnsOf(header: SheetRow) {
  const positions = new Map<MemberImportColumn, number>();
  header.cells.forEach((text, position) => {
    const key = importHeaderKey(text);
    if (!key) return;
    const column = memberImportColumns.find(
      (candidate) =>
        importHeaderKey(candidate.header) === key ||
        importHeaderKey(candidate.key) === key ||
        (candidate.aliases as readonly string[]).includes(key),
    );
    if (column && !positions.has(column.key)) positions.set(column.key, position);
  });
  const required: MemberImportColumn[] = ['firstName', 'lastName', 'email', 'subscription', 'variant'];
  if (!required.every((key) => positions.has(key)) || !positions.has('startDate')) {
    throw fileError('missingColumns');
  }
  return positions;
}

// -------------------------------------------------------------------------------------------- values

const EXCEL_EPOCH = '1899-12-30';

/**
 * A date as YYYY-MM-DD from YYYY-MM-DD, DD-MM-YYYY (also with `/` or `.`, days and months of one digit)
 * or, from an .xlsx, the serial number Excel keeps a date cell as (five digits: 1927-2173); undefined when it is no real date.
 */
export function parseDate(text: string, allowSerial: boolean): string | undefined {
  let year: number;
  let month: number;
  let day: number;
  const isoLike = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (isoLike) [year, month, day] = [Number(isoLike[1]), Number(isoLike[2]), Number(isoLike[3])];
  else if (dutch) [day, month, year] = [Number(dutch[1]), Number(dutch[2]), Number(dutch[3])];
  else if (allowSerial && /^\d{5}(\.\d+)?$/.test(text)) {
    return addDays(EXCEL_EPOCH, Math.floor(Number(text)));
  } else return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const GENDERS: Record<string, number> = {
  m: Gender.Male,
  man: Gender.Male,
  male: Gender.Male,
  v: Gender.Female,
  vrouw: Gender.Female,
  f: Gender.Female,
  female: Gender.Female,
};

/** An IBAN without spaces, uppercase, when its form and ISO 13616 check digits (mod 97) are right. */
export function normaliseIban(text: string): string | undefined {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return undefined;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1 ? iban : undefined;
}

/** SEPA's mandate reference: at most 35 of these characters. */
const MANDATE_REFERENCE = /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/;

// -------------------------------------------------------------------------------------------- rows

interface Catalogue {
  subscriptions: Awaited<ReturnType<typeof repository.subscriptionsOfGym>>;
  locations: Awaited<ReturnType<typeof repository.locationsOfGym>>;
  /** The Location environment's location: the default of an empty `locatie`. */
  activeLocationId: number | null;
}

/** What a checked row holds: the member, the membership and the bank details. */
interface ParsedRow {
  row: number;
  name: string;
  email: string;
  errors: MemberImportError[];
  member?: service.MemberInput & { email: string };
  membership?: { subscriptionId: number; variantId: number; locationId: number; startDate: string };
  bank?: {
    iban: string | null;
    accountHolder: string | null;
    mandateReference: string | null;
    mandateSignedOn: string | null;
  };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The member's fields a zod issue is about -> the file's column. */
const MEMBER_COLUMNS: Record<string, MemberImportColumn> = {
  firstName: 'firstName',
  insertion: 'insertion',
  lastName: 'lastName',
  email: 'email',
  phoneNumber: 'phoneNumber',
  gender: 'gender',
  dateOfBirth: 'dateOfBirth',
  street: 'street',
  houseNumber: 'houseNumber',
  postalCode: 'postalCode',
  city: 'city',
  homeLocationId: 'location',
};

/** Checks a row on its own: each field's rule, and the names of subscription, variant and location. */
function parseRow(
  sheetRow: SheetRow,
  columns: Map<MemberImportColumn, number>,
  kind: Sheet['kind'],
  catalogue: Catalogue,
): ParsedRow {
  const cell = (key: MemberImportColumn) => {
    const position = columns.get(key);
    return position === undefined ? '' : (sheetRow.cells[position] ?? '').trim();
  };
  const rowErrors: MemberImportError[] = [];
  const fail = (column: MemberImportColumn | null, reason: string) => rowErrors.push({ column, reason });
  const name = fullNameOf({
    firstName: cell('firstName'),
    insertion: cell('insertion'),
    lastName: cell('lastName'),
  });
  const email = cell('email').replace(/^mailto:/i, '');
  const isSerialAllowed = kind === 'xlsx';

  const date = (key: MemberImportColumn) => {
    const text = cell(key);
    if (!text) return undefined;
    const value = parseDate(text, isSerialAllowed);
    // A real date, and one of the days the platform keeps (the desk's rule).
    if (value === undefined || !dateText.safeParse(value).success) {
      fail(key, 'member.import.errors.date');
      return undefined;
    }
    return value;
  };

  // The member: the desk's own schema, with the import's readings of gender, dates and phone numbers.
  if (!email) fail('email', 'validation.required');
  const genderText = cell('gender').toLowerCase();
  const gender = genderText ? GENDERS[genderText] : undefined;
  if (genderText && gender === undefined) fail('gender', 'member.import.errors.gender');
  let phoneNumber = cell('phoneNumber');
  // Excel keeps 0612345678 typed in a number cell as 612345678.
  if (kind === 'xlsx' && /^[1-9]\d{8}$/.test(phoneNumber)) phoneNumber = `0${phoneNumber}`;

  // The membership: names of the gym's subscription, variant and location.
  let membership: ParsedRow['membership'];
  const subscriptionName = cell('subscription');
  const variantName = cell('variant');
  const locationName = cell('location');
  const subscription = subscriptionName
    ? catalogue.subscriptions.find((entry) => sameName(entry.name, subscriptionName))
    : undefined;
  if (!subscriptionName) fail('subscription', 'validation.required');
  else if (!subscription) fail('subscription', 'member.import.errors.subscriptionUnknown');
  const variants = subscription?.variants.filter((entry) => sameName(entry.name, variantName)) ?? [];
  if (!variantName) fail('variant', 'validation.required');
  else if (subscription && variants.length === 0) fail('variant', 'member.import.errors.variantUnknown');
  else if (variants.length > 1) fail('variant', 'member.import.errors.variantAmbiguous');
  let locationId: number | undefined;
  if (!locationName) {
    if (catalogue.activeLocationId === null) fail('location', 'validation.required');
    else locationId = catalogue.activeLocationId;
  } else {
    const found = catalogue.locations.filter((entry) => sameName(entry.name, locationName));
    if (found.length === 0) fail('location', 'member.import.errors.locationUnknown');
    else if (found.length > 1) fail('location', 'member.import.errors.locationAmbiguous');
    else locationId = found[0]!.id;
  }
  const startText = cell('startDate');
  if (!startText) fail('startDate', 'validation.required');
  const startDate = date('startDate');

  const member = memberInput.safeParse({
    firstName: cell('firstName'),
    insertion: cell('insertion'),
    lastName: cell('lastName'),
    email,
    phoneNumber,
    gender,
    dateOfBirth: date('dateOfBirth') ?? '',
    street: cell('street'),
    houseNumber: cell('houseNumber'),
    postalCode: cell('postalCode'),
    city: cell('city'),
    // The location is checked above (and by the desk's rules); any id stands in for an unknown one.
    homeLocationId: locationId ?? 1,
  });
  if (!member.success) {
    for (const issue of member.error.issues) {
      const column = MEMBER_COLUMNS[String(issue.path[0])] ?? null;
      // An empty e-mail address is said once, above.
      if (column === 'email' && !email) continue;
      fail(column, issue.message);
    }
  }

  // The bank details: an IBAN that is one, and a mandate with its reference and the day it was signed.
  const ibanText = cell('iban');
  const iban = ibanText ? normaliseIban(ibanText) : undefined;
  if (ibanText && iban === undefined) fail('iban', 'member.import.errors.iban');
  const accountHolder = cell('accountHolder');
  if (accountHolder.length > 70) fail('accountHolder', 'validation.tooLong');
  const mandateReference = cell('mandateReference');
  if (mandateReference && !MANDATE_REFERENCE.test(mandateReference)) {
    fail('mandateReference', 'member.import.errors.mandateReference');
  }
  const signedText = cell('mandateSignedOn');
  const mandateSignedOn = date('mandateSignedOn');
  if (mandateSignedOn !== undefined && mandateSignedOn > dutchToday()) {
    fail('mandateSignedOn', 'member.import.errors.signedInFuture');
  }
  if (!ibanText && (accountHolder || mandateReference || signedText)) {
    fail('iban', 'member.import.errors.ibanRequired');
  }
  if (mandateReference && !signedText) fail('mandateSignedOn', 'member.import.errors.mandateIncomplete');
  if (signedText && !mandateReference) fail('mandateReference', 'member.import.errors.mandateIncomplete');

  const parsed: ParsedRow = { row: sheetRow.number, name, email, errors: rowErrors };
  if (rowErrors.length > 0 || !member.success) return parsed;
  if (subscription && variants[0] && locationId !== undefined && startDate !== undefined) {
    membership = { subscriptionId: subscription.id, variantId: variants[0].id, locationId, startDate };
  }
  return {
    ...parsed,
    member: { ...member.data, email: member.data.email ?? email },
    membership,
    bank: {
      iban: iban ?? null,
      accountHolder: accountHolder || null,
      mandateReference: mandateReference || null,
      mandateSignedOn: mandateSignedOn ?? null,
    },
  };
}

/** A field error of the desk's rules -> the file's column. */
const SERVICE_COLUMNS: Record<string, MemberImportColumn> = {
  ...MEMBER_COLUMNS,
  subscriptionId: 'subscription',
  variantId: 'variant',
  locationId: 'location',
};

/** Rolls back the check's row once the desk's rules have passed. */
class DryRun extends Error {}

/**
 * Creates one row's member, membership and bank details in one transaction by the desk's own calls;
 * in a dry run rolls it back. Answers the row's outcome.
 */
async function createRow(
  db: Database,
  session: Claims,
  row: Required<Pick<ParsedRow, 'member' | 'membership' | 'bank'>>,
  dryRun: boolean,
  actor: Actor,
): Promise<{ outcome: 'valid' | 'created' | 'exists'; memberId: number | null } | MemberImportError> {
  try {
    const memberId = await inTransaction(db, async (tx) => {
      const created = await service.createMember(tx, session, row.member, actor);
      await service.addMembership(tx, session, created.id, row.membership, actor);
      const bankFields = (Object.keys(row.bank) as (keyof typeof row.bank)[]).filter(
        (field) => row.bank[field] !== null,
      );
      if (bankFields.length > 0) {
        await memberRepository.updateMember(tx, created.id, row.bank);
        // Which bank details came, never their values.
        await audit.write(tx, actor, 'Member', created.id, { bankDetails: [] }, { bankDetails: bankFields });
      }
      if (dryRun) throw new DryRun();
      return created.id;
    });
    return { outcome: 'created', memberId };
  } catch (error) {
    if (error instanceof DryRun) return { outcome: 'valid', memberId: null };
    if (!(error instanceof AppError) || error.status >= 500 || error.status === 403) throw error;
    const first = error.errors[0];
    // An import that ran at the same time (or the desk) made this member first.
    if (first?.message === 'member.errors.emailTaken') return { outcome: 'exists', memberId: null };
    return { column: SERVICE_COLUMNS[first?.key ?? ''] ?? null, reason: first?.message ?? 'general_error' };
  }
}

/**
 * `POST /Member/Import`: checks each row of the file and, unless `dryRun`, creates the valid ones. A row
 * whose e-mail address is already a member of the gym, or one made by an earlier row, is skipped.
 */
export async function importMembers(
  db: Database,
  session: Claims,
  file: UploadedFile,
  dryRun: boolean,
  actor: Actor,
): Promise<MemberImportResult> {
  const scope = service.scopeOf(session);
  const sheet = await readImportFile(file.data);
  const columns = columnsOf(sheet.header);
  const [subscriptions, locations] = await Promise.all([
    repository.subscriptionsOfGym(db, scope.gymId),
    repository.locationsOfGym(db, scope.gymId),
  ]);
  const catalogue: Catalogue = { subscriptions, locations, activeLocationId: scope.locationId };
  const parsed = sheet.rows.map((row) => parseRow(row, columns, sheet.kind, catalogue));

  const existing = await repository.memberEmails(
    db,
    scope.gymId,
    parsed.map((row) => row.email.toLowerCase()).filter(Boolean),
  );
  const seen = new Set<string>();
  const rows: MemberImportRow[] = [];
  /** The rows to create (or, in a dry run, to try), by their place in `rows`. */
  const creations: { index: number; row: Required<Pick<ParsedRow, 'member' | 'membership' | 'bank'>> }[] = [];
  for (const row of parsed) {
    const key = row.email.toLowerCase();
    const answer = (
      outcome: MemberImportRow['outcome'],
      rowErrors: MemberImportError[] = [],
      memberId: number | null = null,
    ) => rows.push({ row: row.row, name: row.name, email: row.email, outcome, errors: rowErrors, memberId });
    const isValidEmail = key !== '' && !row.errors.some((error) => error.column === 'email');
    if (isValidEmail && seen.has(key)) {
      answer('error', [{ column: 'email', reason: 'member.import.errors.duplicateInFile' }]);
      continue;
    }
    if (isValidEmail) seen.add(key);
    // Already a member: nothing of the row is done, whatever else it says.
    if (isValidEmail && existing.has(key)) {
      answer('exists', [], scope.locationId === null ? existing.get(key)! : null);
      continue;
    }
    if (row.errors.length > 0 || !row.member || !row.membership || !row.bank) {
      answer('error', row.errors.length > 0 ? row.errors : [{ column: null, reason: 'general_error' }]);
      continue;
    }
    creations.push({
      index: rows.length,
      row: { member: row.member, membership: row.membership, bank: row.bank },
    });
    answer('valid');
  }

  // The rows are independent (each address once, each row its own transaction): a few at a time.
  let next = 0;
  const worker = async () => {
    while (next < creations.length) {
      const { index, row } = creations[next++]!;
      const outcome = await createRow(db, session, row, dryRun, actor);
      rows[index] =
        'reason' in outcome
          ? { ...rows[index]!, outcome: 'error', errors: [outcome] }
          : { ...rows[index]!, outcome: outcome.outcome, memberId: outcome.memberId };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_ROWS, creations.length) }, worker));

  const counts = { valid: 0, created: 0, exists: 0, error: 0 };
  for (const row of rows) counts[row.outcome]++;
  if (!dryRun) {
    await audit.write(
      db,
      actor,
      'MemberImport',
      scope.locationId === null ? scope.gymId : `${scope.gymId}:${scope.locationId}`,
      null,
      { rows: rows.length, ...counts },
    );
  }
  return { dryRun, rows, counts };
}

// -------------------------------------------------------------------------------------------- example

/**
 * `GET /Member/ImportExample`: the example file, with the gym's own names (an active subscription offered
 * at a location, its first variant, that location) so that it checks cleanly as it is; placeholders for a
 * gym without one. A second sheet explains the columns.
 */
export async function exampleWorkbook(db: Database, session: Claims): Promise<Buffer> {
  const scope = service.scopeOf(session);
  const choices = await repository.exampleChoices(db, scope.gymId);
  const choice =
    choices.find(
      (entry) =>
        scope.locationId === null || entry.locations.some((at) => at.locationId === scope.locationId),
    ) ?? choices[0];
  const location = choice?.locations.find((at) => at.locationId === scope.locationId) ?? choice?.locations[0];
  const subscription = choice?.name ?? 'Basis';
  const variant = choice?.variantName ?? 'Per maand';
  const locationName = location?.locationName ?? 'Hoofdvestiging';
  const today = dutchToday();
  const [year, month, day] = today.split('-');
  const startDate = `01-${month}-${year}`;

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'XP';
  const sheet = workbook.addWorksheet('Leden');
  sheet.columns = memberImportColumns.map((column) => ({
    header: column.header,
    key: column.key,
    width: Math.max(14, column.header.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  // Dates as text, so that Excel shows them as written.
  sheet.addRow({
    firstName: 'Jan',
    lastName: 'Jansen',
    email: 'jan.jansen@voorbeeld.nl',
    phoneNumber: '06 12345678',
    gender: 'M',
    dateOfBirth: '17-05-1990',
    street: 'Oudegracht',
    houseNumber: '12',
    postalCode: '3511 AB',
    city: 'Utrecht',
    subscription,
    variant,
    location: locationName,
    startDate,
    iban: 'NL91 ABNA 0417 1643 00',
    accountHolder: 'J. Jansen',
    mandateReference: 'LID-0001',
    mandateSignedOn: `${day}-${month}-${year}`,
  });
  sheet.addRow({
    firstName: 'Fatima',
    insertion: 'van',
    lastName: 'Bakker',
    email: 'fatima.bakker@voorbeeld.nl',
    gender: 'V',
    dateOfBirth: '1985-11-02',
    postalCode: '3512 CD',
    city: 'Utrecht',
    subscription,
    variant,
    location: locationName,
    startDate,
  });
  for (const column of ['dateOfBirth', 'startDate', 'mandateSignedOn', 'phoneNumber', 'postalCode'])
    sheet.getColumn(column).numFmt = '@';

  const help = workbook.addWorksheet('Toelichting');
  help.columns = [
    { header: 'kolom', key: 'header', width: 18 },
    { header: 'verplicht', key: 'required', width: 12 },
    { header: 'toelichting', key: 'note', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  const notes: Record<MemberImportColumn, [string, string]> = {
    firstName: ['ja', ''],
    insertion: ['nee', 'bijvoorbeeld "van" of "de"'],
    lastName: ['ja', ''],
    email: ['ja', 'een lid met dit e-mailadres wordt overgeslagen (het bestaat al)'],
    phoneNumber: ['nee', ''],
    gender: ['nee', 'M of V'],
    dateOfBirth: ['nee', 'DD-MM-JJJJ of JJJJ-MM-DD; nodig bij een abonnement met leeftijdsgroepen'],
    street: ['nee', ''],
    houseNumber: ['nee', ''],
    postalCode: ['nee', 'een Nederlandse postcode, bijvoorbeeld 3511 AB'],
    city: ['nee', ''],
    subscription: ['ja', 'de naam van een abonnement van de sportschool'],
    variant: ['ja', 'de naam van een variant van dat abonnement'],
    location: ['ja', 'de naam van een locatie die het abonnement aanbiedt'],
    startDate: ['ja', 'DD-MM-JJJJ of JJJJ-MM-DD'],
    iban: ['nee', 'voor de automatische incasso'],
    accountHolder: ['nee', 'de naam op de rekening'],
    mandateReference: ['nee', 'het kenmerk van de machtiging (samen met "ondertekend op")'],
    mandateSignedOn: ['nee', 'de datum waarop de machtiging is ondertekend'],
  };
  for (const column of memberImportColumns) {
    const [required, note] = notes[column.key];
    help.addRow({ header: column.header, required, note });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
