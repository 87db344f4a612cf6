import { type Member, memberImportColumns } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import {
  basis,
  byEmail,
  csvOf,
  importFile,
  memberCount,
  membershipCount,
  person,
  reasonsOf,
  result,
  useImportApp,
  xlsxOf,
} from './member-import-test-setup.ts';
import { brug, call, gym, ids, membersOnly, plain, t, today } from './test-support.ts';

/*
 * The member import: .xlsx and .csv files, the check (dry run) that creates nothing,
 * each row's errors with their reasons, refused rows that leave nothing behind, a second import of the same
 * file that creates nobody twice, the file's limits, the rights, another gym's names, the Location
 * environment, and the example file that checks cleanly as it is. Reading the values:
 * member-import-values.test.ts.
 */

useImportApp();

describe('the member import', () => {
  it('checks an .xlsx without creating anything, then imports the valid rows and nothing of the refused', async () => {
    const good = [person(), person({ insertion: 'van', dateOfBirth: '', gender: '' }), person()];
    const bad = [
      person({ email: 'geen-adres', postalCode: '12' }),
      person({ subscription: 'Bestaat niet', iban: 'NL00 ABNA 0417 1643 00' }),
    ];
    const file = await xlsxOf([good[0]!, bad[0]!, good[1]!, bad[1]!, good[2]!]);
    const [members0, memberships0] = [await memberCount(), await membershipCount()];

    const check = result(await importFile(gym, file, { dryRun: true }));
    expect(check.dryRun).toBe(true);
    expect(check.counts).toEqual({ valid: 3, created: 0, exists: 0, error: 2 });
    expect(check.rows.map((row) => [row.row, row.outcome])).toEqual([
      [2, 'valid'],
      [3, 'error'],
      [4, 'valid'],
      [5, 'error'],
      [6, 'valid'],
    ]);
    expect(check.rows[2]!.name).toBe(`Sanne van ${good[1]!.lastName}`);
    expect(reasonsOf(check.rows[1])).toEqual(['email:validation.email', 'postalCode:validation.postalCode']);
    expect(reasonsOf(check.rows[3])).toEqual([
      'subscription:member.import.errors.subscriptionUnknown',
      'iban:member.import.errors.iban',
    ]);
    expect([await memberCount(), await membershipCount()]).toEqual([members0, memberships0]);
    // The check wrote nothing to the audit log either (its rows were rolled back).
    const audited = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.entity, 'MemberImport'));
    expect(audited[0]!.n).toBe(0);

    const done = result(await importFile(gym, file));
    expect(done.counts).toEqual({ valid: 0, created: 3, exists: 0, error: 2 });
    expect([await memberCount(), await membershipCount()]).toEqual([members0 + 3, memberships0 + 3]);
    for (const row of bad) expect(await byEmail(row.email!)).toBeUndefined();
    const created = done.rows.find((row) => row.email === good[0]!.email)!;
    const member = ok<Member>(await call('GET', `/Member/${created.memberId}`, gym));
    expect(member).toMatchObject({
      fullName: `Sanne ${good[0]!.lastName}`,
      email: good[0]!.email,
      dateOfBirth: '1990-05-17',
      gender: 1,
      postalCode: '3511 AB',
      homeLocation: { id: ids.utrecht },
      memberships: [
        {
          subscription: { id: basis.id },
          variant: { id: basis.variants[0]!.id },
          location: { id: ids.utrecht },
          startDate: today,
          endDate: null,
        },
      ],
    });
    // The bank details are kept for the payments issue (the IBAN without spaces).
    expect(await byEmail(good[0]!.email!)).toMatchObject({
      iban: 'NL91ABNA0417164300',
      accountHolder: 'S. Import',
      mandateReference: good[0]!.mandateReference,
      mandateSignedOn: '2024-01-15',
    });
    // A row without a date of birth is a member whose birth date is unknown.
    expect(await byEmail(good[1]!.email!)).toMatchObject({ dateOfBirth: null, gender: null });

    // The audit log has the desk's entries and the import's counts, never a personal value.
    const rows = await t.db
      .select({ entity: auditLog.entity, changes: auditLog.changes })
      .from(auditLog)
      .where(sql`${auditLog.entity} in ('Member', 'Membership', 'MemberImport')`);
    expect(rows.map((row) => row.entity)).toEqual(
      expect.arrayContaining(['Member', 'Membership', 'MemberImport']),
    );
    const text = JSON.stringify(rows);
    for (const value of [good[0]!.lastName!, good[0]!.email!, 'NL91', 'Oudegracht']) {
      expect(text).not.toContain(value);
    }

    // The same file again creates nobody twice: the members are there, the refused rows still refused.
    const again = result(await importFile(gym, file));
    expect(again.counts).toEqual({ valid: 0, created: 0, exists: 3, error: 2 });
    expect(again.rows.filter((row) => row.outcome === 'exists').map((row) => row.memberId)).toEqual(
      done.rows.filter((row) => row.outcome === 'created').map((row) => row.memberId),
    );
    expect(await memberCount()).toBe(members0 + 3);
  });

  it('reads a .csv with semicolons, quotes, Dutch dates, English headers and Windows-1252 text', async () => {
    const rows = [
      person({
        firstName: 'José',
        city: 'Den Haag; Centrum',
        dateOfBirth: '5-3-2001',
        startDate: '01-01-2026',
      }),
      person({ lastName: 'Met "aanhalingstekens"', gender: 'm', iban: '', accountHolder: '' }),
    ].map((row) => ({ ...row, mandateReference: '', mandateSignedOn: '' }));
    const english = memberImportColumns.map((column) => column.key);
    const text = csvOf(rows, english);
    const latin1 = Buffer.from(text, 'latin1');
    const done = result(await importFile(gym, latin1, { filename: 'leden.csv' }));
    expect(done.counts).toEqual({ valid: 0, created: 2, exists: 0, error: 0 });
    expect(await byEmail(rows[0]!.email!)).toMatchObject({
      firstName: 'José',
      city: 'Den Haag; Centrum',
      dateOfBirth: '2001-03-05',
      iban: 'NL91ABNA0417164300',
    });
    expect(await byEmail(rows[1]!.email!)).toMatchObject({
      lastName: rows[1]!.lastName,
      gender: 0,
      iban: null,
      mandateReference: null,
    });
    // UTF-8 with a BOM and commas reads the same; its rows are now members.
    const again = result(
      await importFile(gym, `\uFEFF${text.replaceAll(';', ',').replace('Den Haag, Centrum', '"Den Haag"')}`, {
        dryRun: true,
        filename: 'leden.csv',
      }),
    );
    expect(again.counts).toEqual({ valid: 0, created: 0, exists: 2, error: 0 });
  });

  it("refuses rows by the desk's rules: inactive subscription, age, location, variant, other gym, doubles", async () => {
    const first = person();
    const file = await xlsxOf([
      person({ subscription: 'Import Oud' }),
      person({ subscription: 'import jeugd', variant: 'Jeugd maand' }),
      person({ subscription: 'Import Jeugd', variant: 'Jeugd maand', dateOfBirth: '' }),
      person({ location: 'Vitaal Amersfoort', subscription: 'Import Jeugd', variant: 'Jeugd maand' }),
      person({ variant: 'Per week' }),
      person({ subscription: 'Brug Exclusief' }),
      person({ location: 'De Brug Zwolle' }),
      person({ location: 'Nergens' }),
      first,
      { ...person(), email: first.email!.toUpperCase() },
      person({ firstName: '', startDate: '31-02-2026', gender: 'X', dateOfBirth: '2150-01-01' }),
      person({ startDate: '01-01-9999', mandateSignedOn: '01-01-1800', dateOfBirth: '1899-12-31' }),
      person({ mandateReference: '', mandateSignedOn: '2024-01-01' }),
      person({ iban: '', mandateReference: '', mandateSignedOn: '' }),
      person({ subscription: '', variant: '', location: '', startDate: '' }),
    ]);
    const before = await memberCount();
    const done = result(await importFile(gym, file));
    expect(done.rows.map(reasonsOf)).toEqual([
      ['subscription:member.errors.subscriptionInactive'],
      ['subscription:member.errors.ageDoesNotMatch'],
      ['subscription:member.errors.dateOfBirthUnknown'],
      ['location:member.errors.locationDoesNotOffer'],
      ['variant:member.import.errors.variantUnknown'],
      ['subscription:member.import.errors.subscriptionUnknown'],
      ['location:member.import.errors.locationUnknown'],
      ['location:member.import.errors.locationUnknown'],
      [],
      ['email:member.import.errors.duplicateInFile'],
      [
        'gender:member.import.errors.gender',
        'startDate:member.import.errors.date',
        'firstName:validation.required',
        'dateOfBirth:member.errors.dateOfBirthInvalid',
      ],
      [
        'startDate:member.import.errors.date',
        'dateOfBirth:member.import.errors.date',
        'mandateSignedOn:member.import.errors.date',
      ],
      ['mandateReference:member.import.errors.mandateIncomplete'],
      ['iban:member.import.errors.ibanRequired'],
      [
        'subscription:validation.required',
        'variant:validation.required',
        'location:validation.required',
        'startDate:validation.required',
      ],
    ]);
    expect(done.counts).toEqual({ valid: 0, created: 1, exists: 0, error: 14 });
    // A refused row leaves nothing: not the member made before its membership was refused either.
    expect(await memberCount()).toBe(before + 1);
    expect(await byEmail(done.rows[0]!.email)).toBeUndefined();
    expect(await byEmail(done.rows[1]!.email)).toBeUndefined();
  });

  it('creates each member once when the same file is imported twice at the same time', async () => {
    const file = await xlsxOf([person(), person(), person(), person()]);
    const before = await memberCount();
    const answers = (await Promise.all([importFile(gym, file), importFile(gym, file)])).map(result);
    expect(answers.reduce((sum, answer) => sum + answer.counts.created, 0)).toBe(4);
    expect(answers.reduce((sum, answer) => sum + answer.counts.exists, 0)).toBe(4);
    expect(await memberCount()).toBe(before + 4);
  });

  it('imports a file of the most rows (500) in one request', async () => {
    const done = result(await importFile(gym, csvOf(Array.from({ length: 500 }, () => person()))));
    expect(done.counts.created).toBe(500);
    expect(done.rows.map((row) => row.row)).toEqual(Array.from({ length: 500 }, (_, index) => index + 2));
  }, 120_000);

  it('in the Location environment takes the active location for an empty column and refuses another', async () => {
    const here = person({ location: '' });
    const there = person({ location: 'Vitaal Amersfoort' });
    const done = result(await importFile(membersOnly, await xlsxOf([here, there])));
    expect(done.rows.map((row) => row.outcome)).toEqual(['created', 'error']);
    expect(reasonsOf(done.rows[1])).toEqual(['location:member.errors.locationNotInGym']);
    const member = ok<Member>(await call('GET', `/Member/${done.rows[0]!.memberId}`, membersOnly));
    expect(member.memberships[0]!.location.id).toBe(ids.utrecht);
    // An address already a member is skipped there too.
    expect(result(await importFile(membersOnly, await xlsxOf([here]))).counts.exists).toBe(1);
  });

  it("reads another gym's names as unknown and keeps each gym's members apart", async () => {
    const row = person({ subscription: 'Import Basis', location: 'Vitaal Utrecht Centrum' });
    const done = result(await importFile(brug, await xlsxOf([row]), { dryRun: true }));
    expect(reasonsOf(done.rows[0])).toEqual([
      'subscription:member.import.errors.subscriptionUnknown',
      'location:member.import.errors.locationUnknown',
    ]);
    // An address that is a member of Vitaal is new to De Brug.
    const own = result(
      await importFile(
        brug,
        await xlsxOf([{ ...row, subscription: 'Brug Exclusief', location: 'De Brug Zwolle' }]),
      ),
    );
    expect(own.counts.created).toBe(1);
    const vitaal = result(await importFile(gym, await xlsxOf([row])));
    expect(vitaal.counts.created).toBe(1);
  });

  it('refuses files that are no spreadsheet, lack columns, hold no rows or too many, or are too large', async () => {
    const png = await testImage('png', { width: 8, height: 8 });
    const cases: [Buffer | string, string][] = [
      [png, 'member.import.errors.notSpreadsheet'],
      [Buffer.from('PK\u0003\u0004 kapot'), 'member.import.errors.notSpreadsheet'],
      [await xlsxOf([person()], ['voornaam', 'achternaam']), 'member.import.errors.missingColumns'],
      [await xlsxOf([]), 'member.import.errors.noRows'],
      [csvOf([]), 'member.import.errors.noRows'],
      [csvOf(Array.from({ length: 501 }, () => person())), 'member.import.errors.tooManyRows'],
      [await xlsxOf(Array.from({ length: 501 }, () => person())), 'member.import.errors.tooManyRows'],
      [`${csvOf([person()])}\r\n${'x'.repeat(1024 * 1024)}`, 'member.import.errors.fileTooLarge'],
    ];
    const before = await memberCount();
    for (const [data, reason] of cases) {
      expectFailure(await importFile(gym, data), 400, 'file', reason);
    }
    expect(await memberCount()).toBe(before);
    // 500 rows are fine (checked, not created).
    const most = result(
      await importFile(gym, csvOf(Array.from({ length: 500 }, () => person({ subscription: 'Geen' }))), {
        dryRun: true,
      }),
    );
    expect(most.rows).toHaveLength(500);
    // No file, or no dryRun flag.
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Import',
      ...multipart([{ name: 'dryRun', value: 'true' }], { cookie: gym }),
    });
    expectFailure(noFile, 400, 'file', 'member.import.errors.noFile');
  });

  it('needs ManageMemberships (gym or location) and a session', async () => {
    const file = await xlsxOf([person()]);
    expectForbidden(await importFile(plain, file, { dryRun: true }));
    expectSignInRequired(await importFile('', file, { dryRun: true }));
    expectForbidden(
      await t.app.inject({ method: 'GET', url: '/api/Member/ImportExample', headers: { cookie: plain } }),
    );
  });

  it('serves an example file with the gym’s own names that checks cleanly as it is', async () => {
    for (const cookie of [gym, membersOnly]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/Member/ImportExample',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain('leden_importeren_voorbeeld.xlsx');
      const check = result(await importFile(cookie, response.rawPayload, { dryRun: true }));
      expect(check.rows.map((row) => [row.outcome, row.errors])).toEqual([
        ['valid', []],
        ['valid', []],
      ]);
    }
  });
});
