import type {
  EmployerEmployeeInvitation,
  InviteMultipleEmployeesResult,
  VerifiedEmailRow,
} from '@xp/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { multipart } from '../../test/multipart.ts';
import { invitations } from '../registration/registration.tables.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import {
  call,
  cookies,
  emails,
  expectEmployerOnly,
  jansen,
  list,
  logistiek,
  t,
  unique,
  useTestApp,
} from './employer-employee-test-setup.ts';

useTestApp();

async function mailedCode(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = lower(${to})`, eq(mailOutbox.template, 'invitation')))
    .orderBy(desc(mailOutbox.id));
  expect(mail, `no invitation mail to ${to}`).toBeDefined();
  const match = /\/account\/register\/employer\/employee\/(\S+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

// ------------------------------------------------------------------------------------------------ Excel

async function workbook(rows: string[], header: string | null = 'E-mailadres'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Blad1');
  if (header) sheet.addRow([header]);
  for (const row of rows) sheet.addRow([row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const verify = (cookie: string, data: Buffer | null, employerId = jansen, filename = 'lijst.xlsx') => {
  const body = multipart(
    data ? [{ name: 'file', filename, data }] : [{ name: 'file', filename: '', data: '' }],
    { cookie },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/Employer/${employerId}/VerifyEmailExcel`,
    payload: body.payload,
    headers: body.headers,
  });
};
describe('employee invitations', () => {
  const invite = (cookie: string, email: unknown, employerId = jansen) =>
    call('POST', `/Employer/${employerId}/InviteEmployee`, cookie, { email });

  it('invites, lists, resends and cancels within the active employer', async () => {
    const email = unique('nieuw');
    const created = ok<EmployerEmployeeInvitation>(await invite(cookies.employer!, email));
    expect(created).toMatchObject({
      email,
      invitedBy: 'Pieter van den Berg',
      isExpired: false,
      employerName: 'Bakkerij Jansen B.V.',
    });
    const firstCode = await mailedCode(email);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.text).toContain('Bakkerij Jansen B.V.');

    const path = `/Employer/${jansen}/EmployeeInvitations`;
    expect(list(await call('GET', `${path}?search=${email}`, cookies.employer!))).toEqual({
      items: [created],
      total: 1,
    });
    expect(emails(await call('GET', path, cookies.employer!))).toContain(email);
    expect(
      emails(await call('GET', `/Employer/${logistiek}/EmployeeInvitations`, cookies.logistiek!)),
    ).not.toContain(email);

    const resent = ok<EmployerEmployeeInvitation>(
      await call('POST', `/EmployerEmployeeInvitation/${created.id}/resend`, cookies.employer!),
    );
    expect(resent).toMatchObject({ id: created.id, employerName: 'Bakkerij Jansen B.V.' });
    expect(await mailedCode(email)).not.toBe(firstCode);

    // Another employer cannot touch it.
    for (const [method, url] of [
      ['POST', `/EmployerEmployeeInvitation/${created.id}/resend`],
      ['DELETE', `/EmployerEmployeeInvitation/${created.id}`],
    ] as const) {
      expectFailure(
        await call(method, url, cookies.logistiek!),
        404,
        'general',
        'invitation.errors.notFound',
      );
      await expectEmployerOnly((cookie) => call(method, url, cookie));
    }

    expect(
      ok(await call('DELETE', `/EmployerEmployeeInvitation/${created.id}`, cookies.employer!)),
    ).toBeNull();
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(row!.status).toBe('cancelled');
    expect(emails(await call('GET', path, cookies.employer!))).not.toContain(email);
    expectFailure(
      await call('DELETE', `/EmployerEmployeeInvitation/${created.id}`, cookies.employer!),
      404,
      'general',
      'invitation.errors.notFound',
    );
  });

  it('does not take invitations of another kind', async () => {
    const gymInvitation = ok<{ id: number }>(
      await call('POST', '/GymEmployeeInvitation', cookies.gym!, { email: unique('gym') }),
    );
    expectFailure(
      await call('POST', `/EmployerEmployeeInvitation/${gymInvitation.id}/resend`, cookies.employer!),
      404,
      'general',
      'invitation.errors.notFound',
    );
    expectFailure(
      await call('DELETE', `/EmployerEmployeeInvitation/${gymInvitation.id}`, cookies.employer!),
      404,
      'general',
      'invitation.errors.notFound',
    );
  });

  it('refuses bad addresses, employees and addresses invited already, on the email field', async () => {
    expectFailure(await invite(cookies.employer!, 'geen-adres'), 400, 'email', expect.any(String));
    expectFailure(await invite(cookies.employer!, ''), 400, 'email', expect.any(String));
    expectFailure(
      await call('POST', `/Employer/${jansen}/InviteEmployee`, cookies.employer!, {}),
      400,
      'email',
      'validation.required',
    );
    expectFailure(
      await invite(cookies.employer!, 'BERT.BOS@example.com'),
      409,
      'email',
      'invitation.errors.alreadyEmployee',
    );
    const email = unique('dubbel');
    ok(await invite(cookies.employer!, email));
    expectFailure(
      await invite(cookies.employer!, email.toUpperCase()),
      409,
      'email',
      'invitation.errors.alreadyInvited',
    );
    // Another employer may invite the same address, and so may an admin in the employer environment.
    ok(await invite(cookies.logistiek!, email, logistiek));
    ok(await invite(cookies.adminAtJansen!, unique('door-beheer')));
  });

  it('invites an address that has an account: it accepts on the register page', async () => {
    const created = ok<EmployerEmployeeInvitation>(await invite(cookies.employer!, 'gym@example.com'));
    const code = await mailedCode('gym@example.com');
    const info = await t.app.inject({ method: 'GET', url: `/api/EmployerEmployeeInvitation/${code}` });
    expect(info.json().data).toMatchObject({ kind: 'employerEmployee', hasAccount: true });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/EmployerEmployeeInvitation/${code}/Accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(emails(await call('GET', '/EmployerEmployee?search=gym%40', cookies.employer!))).toEqual([
      'gym@example.com',
    ]);
    expect(
      emails(await call('GET', `/Employer/${jansen}/EmployeeInvitations`, cookies.employer!)),
    ).not.toContain(created.email);
  });

  it('checks {activeEmployerId} against the session: another or an unknown employer is not found', async () => {
    const email = unique('pad');
    for (const response of [
      await invite(cookies.employer!, email, logistiek),
      await invite(cookies.employer!, email, 999999),
      await invite(cookies.adminAtJansen!, email, logistiek),
      await call('GET', `/Employer/${logistiek}/EmployeeInvitations`, cookies.employer!),
    ]) {
      expectFailure(response, 404, 'general', 'employer.errors.notFound');
    }
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row).toBeUndefined();
    await expectEmployerOnly((cookie) => invite(cookie, email));
    await expectEmployerOnly((cookie) => call('GET', `/Employer/${jansen}/EmployeeInvitations`, cookie));
    expectFailure(
      await call('GET', `/Employer/abc/EmployeeInvitations`, cookies.employer!),
      400,
      'activeEmployerId',
      expect.any(String),
    );
  });
});

describe('POST /Employer/{activeEmployerId}/InviteMultipleEmployees', () => {
  const inviteMany = (cookie: string, body: unknown, employerId = jansen) =>
    call('POST', `/Employer/${employerId}/InviteMultipleEmployees`, cookie, body);

  it('invites every good address and tells which were skipped and why', async () => {
    const [first, second, invited] = [unique('een'), unique('twee'), unique('al')];
    ok(await call('POST', `/Employer/${jansen}/InviteEmployee`, cookies.employer!, { email: invited }));
    const result = ok<InviteMultipleEmployeesResult>(
      await inviteMany(cookies.employer!, {
        emails: [
          first,
          'geen-adres',
          ` ${second} `,
          first.toUpperCase(),
          'anna.aalders@example.com',
          invited,
        ],
      }),
    );
    expect(result).toEqual({
      invited: 2,
      skipped: [
        { email: 'geen-adres', reason: 'employerEmployee.errors.invalidEmail' },
        { email: first.toUpperCase(), reason: 'employerEmployee.errors.duplicate' },
        { email: 'anna.aalders@example.com', reason: 'invitation.errors.alreadyEmployee' },
        { email: invited, reason: 'invitation.errors.alreadyInvited' },
      ],
    });
    const listed = emails(
      await call('GET', `/Employer/${jansen}/EmployeeInvitations?pageSize=100`, cookies.employer!),
    );
    expect(listed).toEqual(expect.arrayContaining([first, second]));
    await mailedCode(second);
  });

  it('refuses an empty or too long list, a wrong employer and other roles', async () => {
    expectFailure(
      await inviteMany(cookies.employer!, { emails: [] }),
      400,
      'emails',
      'employerEmployee.errors.noEmails',
    );
    expectFailure(
      await inviteMany(cookies.employer!, {
        emails: Array.from({ length: 501 }, (_, i) => `x${i}@example.com`),
      }),
      400,
      'emails',
      'employerEmployee.errors.tooManyEmails',
    );
    expectFailure(await inviteMany(cookies.employer!, {}), 400, 'emails', 'validation.required');
    const email = unique('verkeerd');
    // Another employer's path: not yours, so not found (decision 022).
    expectFailure(
      await inviteMany(cookies.employer!, { emails: [email] }, logistiek),
      404,
      'general',
      'employer.errors.notFound',
    );
    await expectEmployerOnly((cookie) => inviteMany(cookie, { emails: [email] }));
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
  });
});

describe('Excel import', () => {
  it('answers the example file import_users_template.xlsx with one column of two addresses', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/EmployerEmployeeInvitation/ExampleExcel',
      headers: { cookie: cookies.employer! },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="import_users_template.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').text).toBe('E-mailadres');
    expect(sheet.actualRowCount).toBe(3);
    expect(sheet.getCell('A2').text).toMatch(/@/);
    expect(sheet.getCell('B1').text).toBe('');

    // The example file verifies as it is.
    const rows = ok<{ rows: VerifiedEmailRow[] }>(await verify(cookies.employer!, response.rawPayload)).rows;
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.verified)).toBe(true);

    const download = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/EmployerEmployeeInvitation/ExampleExcel',
        headers: { cookie },
      });
    await expectEmployerOnly(download);
    expect((await download(cookies.adminAtJansen!)).statusCode).toBe(200);
  });

  it('verifies each address of the first column: valid, new, not an employee, not invited', async () => {
    const [fresh, invited] = [unique('vers'), unique('uitgenodigd')];
    ok(await call('POST', `/Employer/${jansen}/InviteEmployee`, cookies.employer!, { email: invited }));
    const file = await workbook([
      fresh,
      'geen-adres',
      '',
      fresh.toUpperCase(),
      'Bert.Bos@example.com',
      invited,
    ]);
    const rows = ok<{ rows: VerifiedEmailRow[] }>(await verify(cookies.employer!, file)).rows;
    expect(rows).toEqual([
      { email: fresh, verified: true, reason: null },
      { email: 'geen-adres', verified: false, reason: 'employerEmployee.errors.invalidEmail' },
      { email: fresh.toUpperCase(), verified: false, reason: 'employerEmployee.errors.duplicate' },
      { email: 'Bert.Bos@example.com', verified: false, reason: 'invitation.errors.alreadyEmployee' },
      { email: invited, verified: false, reason: 'invitation.errors.alreadyInvited' },
    ]);
    // Checking invites nobody.
    expect(await t.db.select().from(invitations).where(eq(invitations.email, fresh))).toEqual([]);
    // Without a header row every row counts; for the other employer Bert is a new address.
    const other = ok<{ rows: VerifiedEmailRow[] }>(
      await verify(cookies.logistiek!, await workbook(['bert.bos@example.com'], null), logistiek),
    ).rows;
    expect(other).toEqual([{ email: 'bert.bos@example.com', verified: true, reason: null }]);
  });

  it('refuses a missing file, a file that is not .xlsx, an empty, too large or too long one', async () => {
    expectFailure(await verify(cookies.employer!, null), 400, 'file', 'employerEmployee.errors.noFile');
    expectFailure(
      await verify(cookies.employer!, Buffer.from('email\njan@example.com\n'), jansen, 'lijst.xlsx'),
      400,
      'file',
      'employerEmployee.errors.notExcel',
    );
    // A zip archive that is no workbook.
    expectFailure(
      await verify(cookies.employer!, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6])),
      400,
      'file',
      'employerEmployee.errors.notExcel',
    );
    expectFailure(
      await verify(cookies.employer!, await workbook([])),
      400,
      'file',
      'employerEmployee.errors.noRows',
    );
    const tooLarge = Buffer.alloc(1024 * 1024 + 1);
    tooLarge.set([0x50, 0x4b, 0x03, 0x04]);
    expectFailure(
      await verify(cookies.employer!, tooLarge),
      400,
      'file',
      'employerEmployee.errors.fileTooLarge',
    );
    const fiveHundred = Array.from({ length: 500 }, (_, i) => `rij${i}@example.com`);
    expect(
      ok<{ rows: VerifiedEmailRow[] }>(await verify(cookies.employer!, await workbook(fiveHundred))).rows,
    ).toHaveLength(500);
    expectFailure(
      await verify(cookies.employer!, await workbook([...fiveHundred, 'een.te.veel@example.com'])),
      400,
      'file',
      'employerEmployee.errors.tooManyRows',
    );
    // Not multipart at all.
    expect(
      (await call('POST', `/Employer/${jansen}/VerifyEmailExcel`, cookies.employer!, { file: 'x' }))
        .statusCode,
    ).toBe(415);
  });

  it('checks the employer in the path and the role', async () => {
    const file = await workbook(['iemand@example.com']);
    expectFailure(
      await verify(cookies.employer!, file, logistiek),
      404,
      'general',
      'employer.errors.notFound',
    );
    await expectEmployerOnly((cookie) => verify(cookie, file));
  });
});
