import { type Supplier, SupplierStatus } from '@xp/contracts';
import { and, desc, eq, like, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { requestJson } from '../../test/client.ts';
import { demoSignIn, expectData, expectFailure, expectRefusedFor } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { suppliers, supplierUsers } from '../organisation/organisation.tables.ts';
import { invitations } from '../registration/registration.tables.ts';
import { users } from '../user/user.tables.ts';

let t: TestApp;
let fitSupply: number;
let seededIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers);
  seededIds = rows.map((row) => row.id);
  fitSupply = rows.find((row) => row.name === 'FitSupply Nederland')!.id;
});
// Every test leaves the seeded suppliers as they were (Active), so the tests do not depend on their order.
afterEach(async () => {
  await t.db.delete(invitations).where(like(invitations.email, 'supplier-test-%'));
  await t.db.delete(supplierUsers).where(notInArray(supplierUsers.supplierId, seededIds));
  await t.db.delete(users).where(like(users.email, 'supplier-test-%'));
  await t.db.delete(suppliers).where(notInArray(suppliers.id, seededIds));
  await t.db
    .update(suppliers)
    .set({ status: SupplierStatus.Active, name: 'FitSupply Nederland' })
    .where(eq(suppliers.id, fitSupply));
  await t.db.delete(auditLog).where(eq(auditLog.entity, 'Supplier'));
});
afterAll(() => t.close());

const signIn = demoSignIn(() => t, 87);
const nonAdmins = [
  'gym@example.com',
  'locatie@example.com',
  'werkgever@example.com',
  'leverancier@example.com',
];

const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  requestJson(t.app, method, url, cookie, body);

const api = {
  list: (cookie: string, query = '') => json('GET', `/api/Supplier/All${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/Supplier/Details/${id}`, cookie),
  add: (cookie: string, body: unknown) => json('POST', '/api/Supplier/Add', cookie, body),
  edit: (cookie: string, body: unknown) => json('PUT', '/api/Supplier/Edit', cookie, body),
  accept: (cookie: string, id: number) => json('POST', `/api/Supplier/${id}/Accept`, cookie),
  deny: (cookie: string, id: number) => json('POST', `/api/Supplier/${id}/Deny`, cookie),
  disable: (cookie: string, id: number) => json('DELETE', `/api/Supplier/${id}`, cookie),
  reEnable: (cookie: string, id: number) => json('PUT', `/api/Supplier/ReEnable/${id}`, cookie),
};

let counter = 0;
const unique = (prefix: string) => `supplier-test-${prefix}-${++counter}@example.com`;

/** Valid company data; `overrides` change or (undefined) drop fields. */
const company = (overrides: Record<string, unknown> = {}) => ({
  name: `Sportgear ${++counter}`,
  email: unique('contact'),
  firstName: 'Karin',
  insertion: 'de',
  lastName: 'Groot',
  address: 'Industrieweg',
  houseNumber: '12a',
  zipcode: '3542ad',
  city: 'Utrecht',
  country: 'Nederland',
  phoneNumber: '030 123 4567',
  kvkNumber: '1234 5678',
  btwNumber: 'nl 1234.56789.b01',
  bankAccountNumber: 'NL91 ABNA 0417 1643 00',
  ...overrides,
});

const add = async (cookie: string, overrides: Record<string, unknown> = {}) =>
  expectData<Supplier>(await api.add(cookie, company(overrides)));

type SupplierList = { items: Supplier[]; total: number; tabCounts: Record<string, number> };
const names = (response: LightMyRequestResponse) =>
  expectData<SupplierList>(response).items.map((row) => row.name);

async function mailsTo(to: string, template: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = lower(${to})`, eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id));
}

describe('POST /Supplier/Add', () => {
  it('adds a Pending supplier with normalised company data, audits it and mails a supplier invitation', async () => {
    const cookie = await signIn('admin@example.com');
    const email = unique('nieuw');
    const added = await add(cookie, { email, name: 'Sterk Materiaal' });
    expect(added).toMatchObject({
      name: 'Sterk Materiaal',
      email,
      insertion: 'de',
      zipcode: '3542 AD',
      kvkNumber: '12345678',
      btwNumber: 'NL123456789B01',
      bankAccountNumber: 'NL91ABNA0417164300',
      status: SupplierStatus.Pending,
      userCount: 0,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'Supplier'));
    expect(entry).toMatchObject({ entityId: String(added.id), action: 'create' });

    // The invitation mail: registering with its code links the new account to the supplier.
    const [mail] = await mailsTo(email, 'invitation');
    expect(mail).toBeDefined();
    const code = /\/account\/register\/supplier\/(\S+)/.exec(mail!.text)?.[1];
    expect(code, mail!.text).toBeDefined();
    const info = expectData<{ organisationName: string }>(await json('GET', `/api/Supplier/${code}`, ''));
    expect(info.organisationName).toBe('Sterk Materiaal');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/Supplier/Register/Complete',
      remoteAddress: '10.87.200.1',
      payload: {
        code,
        firstName: 'Karin',
        lastName: 'Groot',
        password: 'Zonnige-dinsdag-77',
        confirmPassword: 'Zonnige-dinsdag-77',
      },
    });
    expect(expectData<{ claims: { role: string; activeSupplierId: number } }>(done).claims).toMatchObject({
      role: 'Supplier',
      activeSupplierId: added.id,
    });
    expect(expectData<Supplier>(await api.get(cookie, added.id)).userCount).toBe(1);
  });

  it('refuses a company name in use, whatever its case (409 name), and leaves nothing behind', async () => {
    const cookie = await signIn('admin@example.com');
    const email = unique('dubbel');
    expectFailure(
      await api.add(cookie, company({ name: 'fitsupply NEDERLAND', email })),
      409,
      'name',
      'supplier.errors.nameTaken',
    );
    expect(await mailsTo(email, 'invitation')).toEqual([]);
    expect(
      await t.db.select().from(suppliers).where(sql`lower(${suppliers.name}) = 'fitsupply nederland'`),
    ).toHaveLength(1);
  });

  it('refuses an address that already has an account (409 email) and adds nothing', async () => {
    const cookie = await signIn('admin@example.com');
    const before = (await t.db.select().from(suppliers)).length;
    expectFailure(
      await api.add(cookie, company({ email: 'gym@example.com' })),
      409,
      'email',
      'invitation.errors.alreadyRegistered',
    );
    expect(await t.db.select().from(suppliers)).toHaveLength(before);
  });

  it.each([
    ['name', '', 'validation.required'],
    ['name', 'x'.repeat(129), 'validation.tooLong'],
    ['email', '', 'validation.required'],
    ['email', 'geen-adres', 'validation.email'],
    ['firstName', undefined, 'validation.required'],
    ['lastName', '  ', 'validation.required'],
    ['insertion', 'x'.repeat(33), 'validation.tooLong'],
    ['address', '', 'validation.required'],
    ['houseNumber', 'x'.repeat(17), 'validation.tooLong'],
    ['zipcode', '', 'validation.required'],
    ['zipcode', '0123 AB', 'validation.postalCode'],
    ['city', '', 'validation.required'],
    ['country', 'x'.repeat(65), 'validation.tooLong'],
    ['phoneNumber', '', 'validation.required'],
    ['phoneNumber', 'bel me', 'supplier.errors.phoneInvalid'],
    ['kvkNumber', '', 'validation.required'],
    ['kvkNumber', '1234567a', 'validation.digitsOnly'],
    ['kvkNumber', '1234567', 'supplier.errors.kvkLength'],
    ['kvkNumber', '123456789', 'supplier.errors.kvkLength'],
    ['btwNumber', '', 'validation.required'],
    ['btwNumber', 'NL123456789', 'supplier.errors.btwInvalid'],
    ['btwNumber', 'BE0123456789', 'supplier.errors.btwInvalid'],
    ['bankAccountNumber', '', 'validation.required'],
    ['bankAccountNumber', 'NL91ABNA0417164301', 'signUp.errors.ibanInvalid'],
  ])('refuses %s %j with %s', async (field, value, message) => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.add(cookie, company({ [field]: value })), 400, field, message);
  });

  it('is for admins only', async () => {
    const cookies = await Promise.all(nonAdmins.map((email) => signIn(email)));
    await expectRefusedFor((cookie) => api.add(cookie, company()), cookies);
  });
});

describe('GET /Supplier/All', () => {
  it('lists per state with tab counts, searched on name, email and KvK number, sorted and paged', async () => {
    const cookie = await signIn('admin@example.com');
    const pending = await add(cookie, { name: 'Atletiek Partners', kvkNumber: '87654321' });
    const denied = await add(cookie, { name: 'Beweeg Beter', email: unique('zoekmij') });
    expectData(await api.deny(cookie, denied.id));

    const all = expectData<SupplierList>(await api.list(cookie));
    expect(all.items.map((row) => row.name)).toEqual([
      'Atletiek Partners',
      'Beweeg Beter',
      'FitSupply Nederland',
      'HomeGym Direct',
    ]);
    expect(all.tabCounts).toEqual({ all: 4, pending: 2, active: 1, denied: 1, disabled: 0 });
    expect(all.total).toBe(4);

    expect(names(await api.list(cookie, '?status=pending'))).toEqual(['Atletiek Partners', 'HomeGym Direct']);
    expect(names(await api.list(cookie, '?status=denied'))).toEqual(['Beweeg Beter']);
    expect(names(await api.list(cookie, '?status=disabled'))).toEqual([]);
    expect(names(await api.list(cookie, '?sort=name&direction=desc'))).toEqual([
      'HomeGym Direct',
      'FitSupply Nederland',
      'Beweeg Beter',
      'Atletiek Partners',
    ]);
    expect(names(await api.list(cookie, '?pageSize=1&page=2'))).toEqual(['Beweeg Beter']);
    expect(names(await api.list(cookie, '?sort=city&status=pending'))).toEqual([
      'Atletiek Partners',
      'HomeGym Direct',
    ]);

    expect(names(await api.list(cookie, '?search=beweeg'))).toEqual(['Beweeg Beter']);
    expect(names(await api.list(cookie, '?search=zoekmij'))).toEqual(['Beweeg Beter']);
    expect(names(await api.list(cookie, `?search=${encodeURIComponent('8765 4321')}`))).toEqual([
      'Atletiek Partners',
    ]);
    const searched = expectData<SupplierList>(await api.list(cookie, '?search=atletiek'));
    expect(searched.tabCounts).toEqual({ all: 1, pending: 1, active: 0, denied: 0, disabled: 0 });
    expect(pending.status).toBe(SupplierStatus.Pending);
  });

  it('refuses an unknown tab or sort (400)', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.list(cookie, '?status=gone'), 400, 'status', 'validation.invalidValue');
    expectFailure(await api.list(cookie, '?sort=kvkNumber'), 400, 'sort', 'validation.invalidValue');
  });

  it('is for admins only', async () => {
    const cookies = await Promise.all(nonAdmins.map((email) => signIn(email)));
    await expectRefusedFor((cookie) => api.list(cookie), cookies);
  });
});

describe('GET /Supplier/Details/{id} and PUT /Supplier/Edit', () => {
  it('an admin reads and changes any supplier; the change is audited', async () => {
    const cookie = await signIn('admin@example.com');
    const other = await add(cookie);
    const changed = expectData<Supplier>(
      await api.edit(cookie, { ...company({ name: 'Ander Naam', city: 'Zeist' }), id: other.id }),
    );
    expect(changed).toMatchObject({
      id: other.id,
      name: 'Ander Naam',
      city: 'Zeist',
      status: SupplierStatus.Pending,
    });
    expect(expectData<Supplier>(await api.get(cookie, other.id)).name).toBe('Ander Naam');
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'Supplier'));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('a supplier user reads and changes its own supplier, keeping its own name in another case', async () => {
    const cookie = await signIn('leverancier@example.com');
    expect(expectData<Supplier>(await api.get(cookie, fitSupply)).name).toBe('FitSupply Nederland');
    const changed = expectData<Supplier>(
      await api.edit(cookie, { ...company({ name: 'FITSUPPLY Nederland' }), id: fitSupply }),
    );
    expect(changed).toMatchObject({ name: 'FITSUPPLY Nederland', status: SupplierStatus.Active });
  });

  it("a supplier user gets 404 for another supplier; someone else's name is 409", async () => {
    const admin = await signIn('admin@example.com');
    const other = await add(admin, { name: 'Concurrent BV' });
    const cookie = await signIn('leverancier@example.com');
    expectFailure(await api.get(cookie, other.id), 404, 'general', 'supplier.errors.notFound');
    expectFailure(
      await api.edit(cookie, { ...company(), id: other.id }),
      404,
      'general',
      'supplier.errors.notFound',
    );
    expectFailure(
      await api.edit(cookie, { ...company({ name: 'concurrent bv' }), id: fitSupply }),
      409,
      'name',
      'supplier.errors.nameTaken',
    );
    expect(expectData<Supplier>(await api.get(admin, other.id)).name).toBe('Concurrent BV');
  });

  it('refuses invalid data on edit as on add, and an unknown id (404)', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(
      await api.edit(cookie, { ...company({ kvkNumber: '123' }), id: fitSupply }),
      400,
      'kvkNumber',
      'supplier.errors.kvkLength',
    );
    expectFailure(await api.edit(cookie, company()), 400, 'id', 'validation.required');
    expectFailure(
      await api.edit(cookie, { ...company(), id: 999999 }),
      404,
      'general',
      'supplier.errors.notFound',
    );
    expectFailure(await api.get(cookie, 999999), 404, 'general', 'supplier.errors.notFound');
  });

  it('is refused to other roles (403)', async () => {
    const cookies = await Promise.all(
      ['gym@example.com', 'locatie@example.com', 'werkgever@example.com'].map((email) => signIn(email)),
    );
    await expectRefusedFor((cookie) => api.get(cookie, fitSupply), cookies);
    await expectRefusedFor((cookie) => api.edit(cookie, { ...company(), id: fitSupply }), cookies);
  });
});

describe('the states: Accept, Deny, Delete (disable), ReEnable', () => {
  it('accepts a Pending supplier and mails it; a second accept is 409', async () => {
    const cookie = await signIn('admin@example.com');
    const email = unique('accept');
    const pending = await add(cookie, { email, name: 'Kracht & Co' });
    const accepted = expectData<Supplier>(await api.accept(cookie, pending.id));
    expect(accepted.status).toBe(SupplierStatus.Active);
    expect(accepted.statusChangedAt).not.toBeNull();
    const [mail] = await mailsTo(email, 'supplierDecision');
    expect(mail?.subject).toBe('Kracht & Co is geaccepteerd als leverancier');
    expectFailure(await api.accept(cookie, pending.id), 409, 'general', 'supplier.errors.cannotAccept');
  });

  it('denies a Pending supplier (mailed), which can be accepted later but not denied again', async () => {
    const cookie = await signIn('admin@example.com');
    const email = unique('deny');
    const pending = await add(cookie, { email });
    expect(expectData<Supplier>(await api.deny(cookie, pending.id)).status).toBe(SupplierStatus.Denied);
    expect(await mailsTo(email, 'supplierDecision')).toHaveLength(1);
    expectFailure(await api.deny(cookie, pending.id), 409, 'general', 'supplier.errors.cannotDeny');
    expectFailure(await api.disable(cookie, pending.id), 409, 'general', 'supplier.errors.cannotDisable');
    expect(expectData<Supplier>(await api.accept(cookie, pending.id)).status).toBe(SupplierStatus.Active);
    expectFailure(await api.deny(cookie, pending.id), 409, 'general', 'supplier.errors.cannotDeny');
  });

  it('disabling drops the supplier from its user on the next request; re-enabling brings it back', async () => {
    const admin = await signIn('admin@example.com');
    const supplierUser = await signIn('leverancier@example.com');
    expectFailure(await api.reEnable(admin, fitSupply), 409, 'general', 'supplier.errors.cannotReEnable');

    expect(expectData<Supplier>(await api.disable(admin, fitSupply)).status).toBe(SupplierStatus.Disabled);
    expectFailure(await api.disable(admin, fitSupply), 409, 'general', 'supplier.errors.cannotDisable');
    expectFailure(await api.accept(admin, fitSupply), 409, 'general', 'supplier.errors.cannotAccept');
    // The same session, its next request: no active supplier, none to switch to, its own data out of reach.
    expectFailure(await api.get(supplierUser, fitSupply), 404, 'general', 'supplier.errors.notFound');
    const options = expectData<{ suppliers: unknown[] }>(
      await json('GET', '/api/Account/SwitchOptions', supplierUser),
    );
    expect(options.suppliers).toEqual([]);
    // The admin still reads it.
    expect(expectData<Supplier>(await api.get(admin, fitSupply)).status).toBe(SupplierStatus.Disabled);

    expect(expectData<Supplier>(await api.reEnable(admin, fitSupply)).status).toBe(SupplierStatus.Active);
    expect(expectData<Supplier>(await api.get(supplierUser, fitSupply)).name).toBe('FitSupply Nederland');
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'Supplier'));
    expect(entries).toHaveLength(2);
  });

  it('answers 404 for an unknown supplier', async () => {
    const cookie = await signIn('admin@example.com');
    for (const call of [api.accept, api.deny, api.disable, api.reEnable]) {
      expectFailure(await call(cookie, 999999), 404, 'general', 'supplier.errors.notFound');
    }
  });

  it('is for admins only', async () => {
    const cookies = await Promise.all(nonAdmins.map((email) => signIn(email)));
    for (const call of [api.accept, api.deny, api.disable, api.reEnable]) {
      await expectRefusedFor((cookie) => call(cookie, fitSupply), cookies);
    }
  });
});
