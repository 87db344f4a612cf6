import { endpoint, type FileValue, fileUpload, formBoolean, policy } from './http.ts';
import { z } from './zod-setup.ts';

/*
 * The member import: a gym that moves onto the platform brings its members
 * in a spreadsheet (.xlsx or .csv). Each row becomes a member with a membership (subscription, variant,
 * location, start date) and, when given, the bank details the payments issue turns into a mandate. A check
 * (dry run) answers the table of what would happen; the import answers what happened. A refused row
 * creates nothing; a row whose e-mail address is already a member of the gym is skipped ("exists"), so the
 * same file imported twice creates nobody twice.
 */

const tags = ['Member'];

/** The size and row limits of the employee Excel import (spec 000 section 9), for members too. */
export const MEMBER_IMPORT_MAX_BYTES = 1024 * 1024;
export const MEMBER_IMPORT_MAX_ROWS = 500;

/**
 * `GET /Member/ImportExample` answers the bytes of an .xlsx file, not the JSON envelope, so it is a
 * platform route of the API (like the employer's example Excel), with the policy below.
 */
export const MEMBER_IMPORT_EXAMPLE_PATH = '/Member/ImportExample';
export const MEMBER_IMPORT_EXAMPLE_FILE_NAME = 'leden_importeren_voorbeeld.xlsx';

/**
 * The columns of the file, in the example's order: the Dutch header the example carries and the other
 * spellings read as the same column (compared lowercase, without spaces, dashes, dots and underscores).
 */
export const memberImportColumns = [
  { key: 'firstName', header: 'voornaam', aliases: ['firstname', 'roepnaam'] },
  { key: 'insertion', header: 'tussenvoegsel', aliases: ['insertion', 'infix', 'prefix'] },
  { key: 'lastName', header: 'achternaam', aliases: ['lastname', 'surname', 'familyname'] },
  { key: 'email', header: 'e-mail', aliases: ['emailadres', 'emailaddress'] },
  { key: 'phoneNumber', header: 'telefoon', aliases: ['telefoonnummer', 'phone', 'phonenumber', 'mobiel'] },
  { key: 'gender', header: 'geslacht', aliases: ['gender', 'sex'] },
  { key: 'dateOfBirth', header: 'geboortedatum', aliases: ['dateofbirth', 'birthdate', 'birthday'] },
  { key: 'street', header: 'straat', aliases: ['street'] },
  { key: 'houseNumber', header: 'huisnummer', aliases: ['housenumber', 'number'] },
  { key: 'postalCode', header: 'postcode', aliases: ['postalcode', 'zipcode', 'zip'] },
  { key: 'city', header: 'plaats', aliases: ['woonplaats', 'city', 'town'] },
  { key: 'subscription', header: 'abonnement', aliases: ['subscription'] },
  { key: 'variant', header: 'variant', aliases: ['subscriptionvariant'] },
  { key: 'location', header: 'locatie', aliases: ['location', 'vestiging'] },
  { key: 'startDate', header: 'startdatum', aliases: ['ingangsdatum', 'startdate', 'start'] },
  { key: 'iban', header: 'IBAN', aliases: ['rekeningnummer', 'bankaccount'] },
  { key: 'accountHolder', header: 'rekeninghouder', aliases: ['accountholder', 'tenaamstelling'] },
  { key: 'mandateReference', header: 'mandaatkenmerk', aliases: ['mandatereference', 'mandaatreferentie'] },
  {
    key: 'mandateSignedOn',
    header: 'ondertekend op',
    aliases: ['mandaatdatum', 'signedon', 'mandatesignedon', 'signaturedate', 'datumondertekening'],
  },
] as const;
export type MemberImportColumn = (typeof memberImportColumns)[number]['key'];
export const memberImportColumn = z.enum(
  memberImportColumns.map((column) => column.key) as [MemberImportColumn, ...MemberImportColumn[]],
);

/** A header cell's text as it is compared with the columns' spellings. */
export const importHeaderKey = (text: string) => text.toLowerCase().replace(/[\s\-._]+/g, '');

/** The file (required; an .xlsx or a .csv of at most 1 MB, checked by content) and check or import. */
export const memberImportForm = z.object({
  file: z
    .custom<FileValue>((value) => value !== undefined && value !== null, {
      error: 'member.import.errors.noFile',
    })
    .pipe(fileUpload),
  /** `true`: only check and answer the table; `false`: also create the members of the valid rows. */
  dryRun: formBoolean,
});
export type MemberImportForm = z.input<typeof memberImportForm>;

/**
 * What became of a row: `valid` (the check: it would be created), `created`, `exists` (the e-mail address
 * is already a member of the gym: skipped) or `error` (refused, nothing of it created).
 */
export const memberImportOutcomes = ['valid', 'created', 'exists', 'error'] as const;
export type MemberImportOutcome = (typeof memberImportOutcomes)[number];

/** Why a row is refused: a translation key, and the column it is about (null: the row as a whole). */
export const memberImportError = z.object({
  column: memberImportColumn.nullable(),
  reason: z.string(),
});
export type MemberImportError = z.infer<typeof memberImportError>;

export const memberImportRow = z.object({
  /** The row's number in the sheet (the header is row 1). */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  outcome: z.enum(memberImportOutcomes),
  errors: z.array(memberImportError),
  /** The member made (`created`) or found (`exists`) when the caller may see them. */
  memberId: z.number().int().nullable(),
});
export type MemberImportRow = z.infer<typeof memberImportRow>;

export const memberImportResult = z.object({
  dryRun: z.boolean(),
  rows: z.array(memberImportRow),
  counts: z.object({
    valid: z.number().int(),
    created: z.number().int(),
    exists: z.number().int(),
    error: z.number().int(),
  }),
});
export type MemberImportResult = z.infer<typeof memberImportResult>;

/** Gym environment: the gym right; Location environment: the location right at the active location. */
export const memberImportPolicy = policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships');

export const memberImportEndpoints = {
  import: endpoint({
    method: 'POST',
    path: '/Member/Import',
    policy: memberImportPolicy,
    summary:
      'Check (dryRun) or import members with their membership from an .xlsx or .csv file (at most 500 rows)',
    tags,
    form: memberImportForm,
    response: memberImportResult,
  }),
};
