import {
  type MemberImportResult,
  type MemberImportRow,
  memberImportColumns,
  type Subscription,
} from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll } from 'vitest';
import { multipart } from '../../test/multipart.ts';
import { ok } from '../rights/test-support.ts';
import { members, memberships } from './member.tables.ts';
import { brug, call, gym, ids, newSubscription, t, today, useMemberDesk, variant } from './test-support.ts';

/*
 * The set-up of the member import's tests: the app with the subscriptions the rows name, a valid row of a new
 * member, the row written as .xlsx or .csv, the import called with it, and the counts it is checked by.
 */

/** The subscription a valid row names: Import Basis at Utrecht and Amersfoort, two variants. */
export let basis: Subscription;

const HEADERS: string[] = memberImportColumns.map((column) => column.header);
export type Cells = Partial<Record<(typeof memberImportColumns)[number]['key'], string>>;

/**
 * Opens the member desk's app (member/test-support.ts) before the file's tests, with the subscriptions the
 * rows name: Import Basis, Import Jeugd (12 to 17), Import Oud (inactive) and De Brug's Brug Exclusief.
 */
export function useImportApp() {
  useMemberDesk('import.test', '10.66', ['ManageMemberships', 'ManageSubscriptions']);
  beforeAll(async () => {
    basis = await newSubscription({
      name: 'Import Basis',
      locationIds: [ids.utrecht, ids.amersfoort],
      variants: [variant({ name: 'Per maand' }), variant({ name: 'Per jaar' })],
    });
    const youth = ok<{ id: number }>(
      await call('POST', '/AgeGroup', gym, { name: 'Import jeugd', minimumAge: 12, maximumAge: 17 }),
    );
    await newSubscription({
      name: 'Import Jeugd',
      locationIds: [ids.utrecht],
      ageGroupIds: [youth.id],
      variants: [variant({ name: 'Jeugd maand' })],
    });
    const oud = await newSubscription({
      name: 'Import Oud',
      locationIds: [ids.utrecht],
      variants: [variant({ name: 'Per maand' })],
    });
    ok(await call('PUT', `/Subscription/${oud.id}/SetIsActive`, gym, { isActive: false }));
    await newSubscription(
      { name: 'Brug Exclusief', locationIds: [ids.zwolle], variants: [variant({ name: 'Per maand' })] },
      brug,
    );
  });
}

let serial = 0;
/** A valid row: a new adult member of 'Import Basis' at Utrecht, with bank details. */
export const person = (cells: Cells = {}): Cells => {
  serial++;
  return {
    firstName: 'Sanne',
    lastName: `Import ${serial}`,
    email: `sanne.import${serial}@leden.test`,
    phoneNumber: '06 12345678',
    gender: 'V',
    dateOfBirth: '17-05-1990',
    street: 'Oudegracht',
    houseNumber: '12',
    postalCode: '3511ab',
    city: 'Utrecht',
    subscription: 'Import Basis',
    variant: 'Per maand',
    location: 'Vitaal Utrecht Centrum',
    startDate: today,
    iban: 'NL91 ABNA 0417 1643 00',
    accountHolder: 'S. Import',
    mandateReference: `LID-${serial}`,
    mandateSignedOn: '2024-01-15',
    ...cells,
  };
};

const cellsOf = (row: Cells) => memberImportColumns.map((column) => row[column.key] ?? '');

export async function xlsxOf(rows: Cells[], headers = HEADERS) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leden');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(cellsOf(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvCell = (text: string) => (/[;"\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
export const csvOf = (rows: Cells[], headers = HEADERS) =>
  [headers, ...rows.map(cellsOf)].map((cells) => cells.map(csvCell).join(';')).join('\r\n');

export function importFile(
  cookie: string,
  data: Buffer | string,
  { dryRun = false, filename = 'leden.xlsx' }: { dryRun?: boolean; filename?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/Member/Import',
    ...multipart(
      [
        { name: 'file', filename, data },
        { name: 'dryRun', value: String(dryRun) },
      ],
      { cookie },
    ),
  });
}

export const result = (response: Awaited<ReturnType<typeof importFile>>) => ok<MemberImportResult>(response);
export const memberCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
export const membershipCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(memberships))[0]!.n;
export const byEmail = async (email: string) =>
  (
    await t.db
      .select()
      .from(members)
      .where(eq(sql`lower(${members.email})`, email.toLowerCase()))
  )[0];
export const reasonsOf = (row: MemberImportRow | undefined) =>
  row?.errors.map((error) => `${error.column}:${error.reason}`);
