import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.ts';
import {
  admin,
  adminApi,
  auditOf,
  complete,
  expectFailure,
  getInvitation,
  ids,
  insertInvitation,
  invitationCount,
  invitationRow,
  inviteAdmin,
  mailedInvitationCode,
  mailsTo,
  NON_ADMINS,
  PUBLIC_URL,
  registerAdmin,
  registration,
  signIn,
  t,
  uniqueEmail,
  userByEmail,
  useTestApp,
} from './registration-test-setup.ts';

useTestApp();

describe('POST /api/Admin/Invitation', () => {
  it('invites by email: answers the invitation, stores only the code hash, mails the link, audits', async () => {
    const email = uniqueEmail('Beheer');
    const before = Date.now();
    const response = await adminApi.create(`  ${email} `);
    expect(response.statusCode, response.body).toBe(200);
    const { ok, data, errors } = response.json();
    expect(ok).toBe(true);
    expect(errors).toEqual([]);
    expect(data).toEqual({
      id: expect.any(Number),
      email,
      invitedBy: 'Sanne de Vries',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      isExpired: false,
    });
    // Valid 14 days.
    const days = (Date.parse(data.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: email,
      template: 'invitation',
      subject: expect.stringMatching(/^Uitnodiging/),
    });
    expect(mails[0]!.text).toContain('Sanne de Vries');
    const code = await mailedInvitationCode(email);
    expect(mails[0]!.html).toContain(`${PUBLIC_URL}/account/register/admin/${code}`);

    const row = await invitationRow(data.id);
    expect(row).toMatchObject({
      kind: 'admin',
      email,
      status: 'pending',
      invitedByUserId: admin.claims.userId,
    });
    expect(row.codeHash).toBe(sha256(code));
    expect(row.codeHash).not.toContain(code);

    const audit = await auditOf('Invitation', data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: admin.claims.userId,
      action: 'create',
      changes: { kind: { old: null, new: 'admin' }, email: { old: null, new: email } },
    });

    const info = await getInvitation(code);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toEqual({
      kind: 'admin',
      email,
      organisationName: null,
      requiresVerification: true,
      hasAccount: false,
    });
  });

  it('answers 401 without a session and 403 for every other role, creating nothing', async () => {
    const count = await invitationCount();
    const email = uniqueEmail('geweigerd');
    expectFailure(await adminApi.create(email, ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.create(email, await signIn(user)), 403, 'general', 'auth.forbidden');
    }
    expect(await invitationCount()).toBe(count);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('validates the email', async () => {
    const count = await invitationCount();
    for (const [email, message] of [
      ['not-an-email', 'validation.email'],
      ['jan@', 'validation.email'],
      ['', 'validation.required'],
      ['   ', 'validation.required'],
      [undefined, 'validation.required'],
      [42, 'validation.invalidType'],
      [`${'a'.repeat(250)}@example.com`, 'validation.tooLong'],
    ] as const) {
      expectFailure(await adminApi.create(email), 400, 'email', message);
    }
    expect(await invitationCount()).toBe(count);
  });

  it('refuses an address that is already registered, in any case', async () => {
    for (const email of ['gym@example.com', 'GYM@Example.COM', 'Admin@example.com']) {
      expectFailure(await adminApi.create(email), 409, 'email', 'invitation.errors.alreadyRegistered');
    }
    expect(await mailsTo('gym@example.com', 'invitation')).toHaveLength(0);
  });

  it('refuses an address that is already invited (any case) until that invitation is cancelled', async () => {
    const { id, email } = await inviteAdmin(uniqueEmail('dubbel'));
    const again = await adminApi.create(email.toUpperCase());
    expectFailure(again, 409, 'email', 'invitation.errors.alreadyInvited');
    expect(await mailsTo(email, 'invitation')).toHaveLength(1);

    expect((await adminApi.cancel(id)).statusCode).toBe(200);
    const fresh = await adminApi.create(email);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.id).not.toBe(id);
  });

  it('refuses an address whose admin registration waits for its code', async () => {
    const { email } = await registerAdmin();
    expectFailure(await adminApi.create(email), 409, 'email', 'invitation.errors.alreadyRegistered');
  });
});

describe('GET /api/Admin/Invitation', () => {
  /** Three pending admin invitations, plus ones that must not show, all with one searchable tag. */
  async function listFixture() {
    const tag = `lijst${randomUUID().slice(0, 6)}`;
    const made = [];
    for (const name of ['bravo', 'alfa', 'charlie']) {
      made.push(await inviteAdmin(`${name}-${tag}@example.com`));
    }
    // Not listed: cancelled, registered (waiting for its code), used, and invitations of another kind.
    const cancelled = await inviteAdmin(`delta-${tag}@example.com`);
    expect((await adminApi.cancel(cancelled.id)).statusCode).toBe(200);
    const registered = await inviteAdmin(`echo-${tag}@example.com`);
    expect((await complete(registration(registered.code))).statusCode).toBe(200);
    await insertInvitation({ email: `foxtrot-${tag}@example.com`, status: 'used' });
    await insertInvitation({ kind: 'supplier', email: `golf-${tag}@example.com`, supplierId: ids.fitSupply });
    return { tag, made };
  }

  it('lists the pending admin invitations only, newest first, with search, sorting and paging', async () => {
    const { tag, made } = await listFixture();
    const [bravo, alfa, charlie] = made;

    const all = await adminApi.list(`?search=${tag}`);
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data.total).toBe(3);
    expect(data.items.map((item: { id: number }) => item.id)).toEqual([charlie!.id, alfa!.id, bravo!.id]);
    expect(data.items[0]).toEqual({
      id: charlie!.id,
      email: charlie!.email,
      invitedBy: 'Sanne de Vries',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      isExpired: false,
    });

    const emails = async (query: string) => {
      const response = await adminApi.list(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.items.map((item: { email: string }) => item.email.split('-')[0]);
    };
    expect(await emails(`?search=${tag}&sort=email`)).toEqual(['alfa', 'bravo', 'charlie']);
    expect(await emails(`?search=${tag}&sort=email&direction=desc`)).toEqual(['charlie', 'bravo', 'alfa']);
    expect(await emails(`?search=${tag}&sort=createdAt&direction=asc`)).toEqual(['bravo', 'alfa', 'charlie']);
    // Search is case-insensitive and matches part of the address.
    expect(await emails(`?search=ALFA-${tag.toUpperCase()}`)).toEqual(['alfa']);

    const page1 = (await adminApi.list(`?search=${tag}&sort=email&pageSize=2&page=1`)).json().data;
    const page2 = (await adminApi.list(`?search=${tag}&sort=email&pageSize=2&page=2`)).json().data;
    expect(page1.total).toBe(3);
    expect(page2.total).toBe(3);
    expect(page1.items.map((item: { email: string }) => item.email)).toEqual([alfa!.email, bravo!.email]);
    expect(page2.items.map((item: { email: string }) => item.email)).toEqual([charlie!.email]);
    const page3 = (await adminApi.list(`?search=${tag}&pageSize=2&page=3`)).json().data;
    expect(page3).toEqual({ items: [], total: 3 });

    // A LIKE wildcard in the search is taken literally.
    expect((await adminApi.list(`?search=${encodeURIComponent('%')}${tag}`)).json().data.total).toBe(0);
  });

  it('marks an expired invitation that is still pending', async () => {
    const { id, email } = await inviteAdmin(uniqueEmail('verlopen'));
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${id}`);
    const data = (await adminApi.list(`?search=${encodeURIComponent(email)}`)).json().data;
    expect(data.items).toEqual([expect.objectContaining({ id, isExpired: true })]);
  });

  it('validates the paging and sorting parameters', async () => {
    expectFailure(await adminApi.list('?pageSize=0'), 400, 'pageSize', 'validation.tooSmall');
    expectFailure(await adminApi.list('?pageSize=101'), 400, 'pageSize', 'validation.tooBig');
    expectFailure(await adminApi.list('?page=0'), 400, 'page', 'validation.tooSmall');
    expectFailure(await adminApi.list('?page=abc'), 400, 'page', 'validation.invalidType');
    expectFailure(await adminApi.list('?sort=codeHash'), 400, 'sort', 'validation.invalidValue');
    expectFailure(await adminApi.list('?direction=up'), 400, 'direction', 'validation.invalidValue');
  });

  it('answers 401 without a session and 403 for every other role', async () => {
    expectFailure(await adminApi.list('', ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.list('', await signIn(user)), 403, 'general', 'auth.forbidden');
    }
  });
});

describe('POST /api/Admin/Invitation/{id}/resend', () => {
  it('mails a new code with a new expiry: the old link stops working, the new one works; audited', async () => {
    const { id, email, code: oldCode } = await inviteAdmin(uniqueEmail('opnieuw'));
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 day' where id = ${id}`);
    expectFailure(await getInvitation(oldCode), 404, 'general', 'invitation.errors.expired');

    const response = await adminApi.resend(id);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id, email, isExpired: false });
    expect((Date.parse(data.expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(13.99);

    const mails = await mailsTo(email, 'invitation');
    expect(mails).toHaveLength(2);
    const newCode = await mailedInvitationCode(email);
    expect(newCode).not.toBe(oldCode);

    expectFailure(await getInvitation(oldCode), 404, 'general', 'invitation.errors.notFound');
    expectFailure(await complete(registration(oldCode)), 404, 'general', 'invitation.errors.notFound');
    const info = await getInvitation(newCode);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ kind: 'admin', email });
    expect((await complete(registration(newCode))).statusCode).toBe(200);

    const audit = await auditOf('Invitation', id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ userId: admin.claims.userId });
    expect(Object.keys(audit[1]!.changes)).toEqual(['expiresAt']);
  });

  it('answers the invitation as the list then shows it, inviter included', async () => {
    const { id, email } = await inviteAdmin(uniqueEmail('zelfde'));
    const response = await adminApi.resend(id);
    expect(response.statusCode, response.body).toBe(200);
    const listed = (await adminApi.list(`?search=${encodeURIComponent(email)}`)).json().data.items;
    expect(listed).toHaveLength(1);
    expect(listed[0].invitedBy).toBe('Sanne de Vries');
    expect(response.json().data).toEqual(listed[0]);
  });

  it('answers 404 for an unknown, cancelled, registered or non-admin invitation, without a mail', async () => {
    const cancelled = await inviteAdmin();
    expect((await adminApi.cancel(cancelled.id)).statusCode).toBe(200);
    const registered = await registerAdmin();
    const supplier = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    for (const id of [999_999, cancelled.id, registered.id, supplier.id]) {
      expectFailure(await adminApi.resend(id), 404, 'general', 'invitation.errors.notFound');
    }
    expect(await mailsTo(cancelled.email, 'invitation')).toHaveLength(1);
    expect(await mailsTo(supplier.email)).toHaveLength(0);
    expectFailure(await adminApi.resend('abc'), 400, 'id', 'validation.invalidType');
  });

  it('answers 401 without a session and 403 for every other role, the code unchanged', async () => {
    const { id, email, code } = await inviteAdmin();
    expectFailure(await adminApi.resend(id, ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.resend(id, await signIn(user)), 403, 'general', 'auth.forbidden');
    }
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await getInvitation(code)).statusCode).toBe(200);
  });
});

describe('DELETE /api/Admin/Invitation/{id}', () => {
  it('cancels: the code then answers cancelled, the list no longer shows it, audited', async () => {
    const { id, email, code } = await inviteAdmin(uniqueEmail('intrekken'));
    const response = await adminApi.cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: null, errors: [] });

    expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.cancelled');
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.cancelled');
    expect(await userByEmail(email)).toBeUndefined();
    expect((await adminApi.list(`?search=${encodeURIComponent(email)}`)).json().data.total).toBe(0);
    expect(await invitationRow(id)).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });

    const audit = await auditOf('Invitation', id);
    expect(audit.at(-1)).toMatchObject({
      userId: admin.claims.userId,
      action: 'update',
      changes: { status: { old: 'pending', new: 'cancelled' } },
    });

    // Cancelling twice, or resending a cancelled one, is a 404.
    expectFailure(await adminApi.cancel(id), 404, 'general', 'invitation.errors.notFound');
  });

  it('answers 404 for an unknown or non-admin invitation, and 400 for a bad id', async () => {
    expectFailure(await adminApi.cancel(999_999), 404, 'general', 'invitation.errors.notFound');
    const supplier = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    expectFailure(await adminApi.cancel(supplier.id), 404, 'general', 'invitation.errors.notFound');
    expect((await invitationRow(supplier.id)).status).toBe('pending');
    expectFailure(await adminApi.cancel('abc'), 400, 'id', 'validation.invalidType');
  });

  it('answers 401 without a session and 403 for every other role, the invitation untouched', async () => {
    const { id, code } = await inviteAdmin();
    expectFailure(await adminApi.cancel(id, ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.cancel(id, await signIn(user)), 403, 'general', 'auth.forbidden');
    }
    expect((await invitationRow(id)).status).toBe('pending');
    expect((await getInvitation(code)).statusCode).toBe(200);
  });
});
