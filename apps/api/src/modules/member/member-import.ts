import {
  type Claims,
  dateText,
  dutchToday,
  fullNameOf,
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
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { type SheetRow, SpreadsheetError } from '../../platform/files/spreadsheet.ts';
import { readTableFile, type TableFile } from '../../platform/files/table-file.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import * as memberRepository from './member.repository.ts';
import * as service from './member.service.ts';
import * as repository from './member-import.repository.ts';
import { GENDERS, MANDATE_REFERENCE, normaliseIban, parseDate } from './member-import-values.ts';

/*
 * The member import: members with their membership from an .xlsx or .csv file. The
 * file is read row by row up to the limit (an .xlsx in the spreadsheet worker, a .csv here), each row is
 * checked, and each valid row is created in a transaction of its own by the desk's own service calls
 * (`createMember`, `addMembership`), so the import obeys exactly their rules and audits as they do; a
 * refused row rolls back whole. The check (dry run) runs the same and rolls every row back.
 */

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
  let read: TableFile;
  try {
    // The header and one row more than the limit.
    read = await readTableFile(data, {
      maxRows: MEMBER_IMPORT_MAX_ROWS + 1,
      columns: MAX_COLUMNS,
      maxCellLength: MAX_CELL_LENGTH,
      timeLimitMs: 5_000,
    });
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    throw fileError(error.reason === 'tooComplex' ? 'fileTooComplex' : 'notSpreadsheet');
  }
  const [header, ...rows] = read.rows;
  if (read.hasMore) throw fileError('tooManyRows');
  if (!header || rows.length === 0) throw fileError('noRows');
  return { kind: read.kind, header, rows };
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
