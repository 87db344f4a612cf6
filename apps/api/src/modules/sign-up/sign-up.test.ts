import {
  InvoiceStatus,
  type OpenRegistration,
  type PublicInvoice,
  type RegistrationLink,
  type SignUpInput,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectFailure } from '../../test/expect.ts';
import { rowsOf } from '../billing/billing.repository.ts';
import { invoiceCollections, memberMandates } from '../billing/billing.tables.ts';
import { runBilling } from '../billing/billing-run.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { memberships } from '../member/member.tables.ts';
import {
  brug,
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  plain,
  t,
  takeOut,
  today,
  utrechtDesk,
  variant,
} from '../member/test-support.ts';
import { ok } from '../rights/test-support.ts';
import { users } from '../user/user.tables.ts';
import {
  confirmFromMail,
  mailedToken,
  memberOf,
  nextSerial,
  person,
  publicCall,
  settle,
  signUp,
  signUpConfirmed,
  useSignUpApp,
} from './sign-up-test-setup.ts';

/*
 * The public sign-up (decision 018): the sign-up with its rules (age groups, IBAN, start date, the existing
 * account and its popup, the kiosk), its first invoice paid by a first payment whose mandate the next periods
 * are charged on, and the registration begun at the desk that the person finishes. Finding a club and what it
 * offers: sign-up-clubs.test.ts.
 */

useSignUpApp();

describe('signing up', () => {
  it('confirmed from the mail: the account, an open registration, the membership and its first invoice, paid by a first payment', async () => {
    const subscription = await newSubscription({ variants: [variant({ oneOffCosts: 2500 })] });
    const body = person(subscription, { language: 'en' });
    // Nothing is made until the address is proven: the answer says a mail went out, in the page's language.
    expect(await signUp(body)).toEqual({ checkoutUrl: null, resultToken: null, mailSent: true });
    expect(await memberOf(body.email)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(mail).toMatchObject({ language: 'en', subject: 'Confirm your sign-up at Vitaal Sportcentra' });
    const token = (await mailedToken(body.email))!;
    expect(ok(await publicCall('GET', `/SignUp/Confirm/${token}`))).toMatchObject({
      kind: 'signUp',
      gymName: 'Vitaal Sportcentra',
      locationName: 'Vitaal Utrecht Centrum',
      subscriptionName: subscription.name,
      firstName: 'Fleur',
      email: body.email,
    });
    const result = await confirmFromMail(body.email);
    expect(result.checkoutUrl).toMatch(/\/dev\/checkout\/tr_local_/);
    // Once: the link is used.
    expectFailure(
      await publicCall('POST', `/SignUp/Confirm/${token}`),
      404,
      'general',
      'signUp.errors.confirmNotFound',
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ role: 'Employee', firstName: 'Fleur', language: 'en' });
    expect(user!.emailProvenAt).not.toBeNull();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const member = (await memberOf(body.email))!;
    expect(member).toMatchObject({
      userId: user!.id,
      gymId: ids.vitaal,
      registrationCompleted: false,
      iban: 'NL91ABNA0417164300',
      accountHolder: 'F. Jansen',
      postalCode: '3572 AB',
      homeLocationId: ids.utrecht,
      mandateSignedOn: today,
    });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.memberId, member.id));
    expect(invoice).toMatchObject({
      totalCents: 2500 + 3995,
      periodStart: today,
      status: InvoiceStatus.Open,
    });
    // Paid now: no direct debit queued for the first invoice.
    expect(
      await t.db.select().from(invoiceCollections).where(eq(invoiceCollections.invoiceId, invoice!.id)),
    ).toEqual([]);
    // The result page reads the invoice by the token; the checkout pays it, and its mandate is kept.
    expect(ok<PublicInvoice>(await publicCall('GET', `/Invoice/Public/${result.resultToken}`))).toMatchObject(
      {
        isPayable: true,
      },
    );
    await settle(result.checkoutUrl!, 'paid');
    expect(ok<PublicInvoice>(await publicCall('GET', `/Invoice/Public/${result.resultToken}`))).toMatchObject(
      {
        status: InvoiceStatus.Paid,
        isPayable: false,
      },
    );
    const [mandate] = await t.db.select().from(memberMandates).where(eq(memberMandates.memberId, member.id));
    expect(mandate).toMatchObject({ status: 'valid', reference: `XP-${ids.vitaal}-${member.id}` });
    expect(mandate!.mandateId).toMatch(/^mdt_local_/);
    // The next period is charged on that mandate when it is due.
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.memberId, member.id));
    const [next] = await rowsOf<{ start: string }>(
      t.db,
      sql`select "next_period_start"::text as "start" from "membership_billing" where "membership_id" = ${membership!.id}`,
    );
    await runBilling(t.billing, { today: addDays(next!.start, -14) });
    await runBilling(t.billing, { today: next!.start });
    const charged = await rowsOf<{ sequenceType: string; mandateId: string }>(
      t.db,
      sql`select p."sequence_type" as "sequenceType", p."mandate_id" as "mandateId" from "payments" p
        join "invoices" i on i."id" = p."subject_id" and p."subject" = 'invoice'
        where i."membership_id" = ${membership!.id} and i."period_start" = ${next!.start}`,
    );
    expect(charged).toEqual([{ sequenceType: 'recurring', mandateId: mandate!.mandateId }]);
  });

  it('a failed first payment is paid again from the result page: a first payment again, back to that page', async () => {
    const subscription = await newSubscription();
    const body = person(subscription, { kiosk: true });
    const result = await signUpConfirmed(body);
    await settle(result.checkoutUrl!, 'failed');
    const back = `/inschrijven/resultaat/${result.resultToken}?terug=${encodeURIComponent('/inschrijven/vitaal/vitaal-utrecht-centrum/kiosk')}`;
    for (const returnPath of [
      'https://elders.example/inschrijven/resultaat/x',
      '/betalen/../admin',
      '//elders.example',
    ]) {
      const refused = await publicCall('POST', `/Invoice/Public/${result.resultToken}/Pay`, { returnPath });
      expect(refused.statusCode, returnPath).toBe(400);
    }
    const again = ok<{ checkoutUrl: string }>(
      await publicCall('POST', `/Invoice/Public/${result.resultToken}/Pay`, { returnPath: back }),
    );
    const member = (await memberOf(body.email))!;
    const [retry] = await rowsOf<{ sequenceType: string; customerId: string; redirectUrl: string }>(
      t.db,
      sql`select p."sequence_type" as "sequenceType", p."customer_id" as "customerId", p."return_url" as "redirectUrl"
        from "payments" p join "invoices" i on i."id" = p."subject_id" and p."subject" = 'invoice'
        where i."member_id" = ${member.id} order by p."id" desc limit 1`,
    );
    const [kept] = await t.db.select().from(memberMandates).where(eq(memberMandates.memberId, member.id));
    expect(retry).toEqual({
      sequenceType: 'first',
      customerId: kept!.customerId,
      redirectUrl: `${t.config.publicUrl}${back}`,
    });
    await settle(again.checkoutUrl, 'paid');
    const [valid] = await t.db.select().from(memberMandates).where(eq(memberMandates.memberId, member.id));
    expect(valid).toMatchObject({ status: 'valid' });
  });

  it('refuses what breaks the rules, and makes nothing', async () => {
    const young = await newSubscription();
    const [group] = await rowsOf<{ id: number }>(
      t.db,
      sql`insert into "age_groups" ("gym_id", "name", "minimum_age", "maximum_age") values (${ids.vitaal}, 'Jong', 16, 25) returning "id"`,
    );
    await t.db.execute(
      sql`insert into "subscription_age_groups" ("subscription_id", "age_group_id") values (${young.id}, ${group!.id})`,
    );
    const other = await newSubscription({ locationIds: [ids.amersfoort] });
    const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;
    const before = await userCount();
    const cases: [SignUpInput, string, string][] = [
      [person(young, { dateOfBirth: '1980-01-01' }), 'dateOfBirth', 'member.errors.ageDoesNotMatch'],
      [person(young, { iban: 'NL91ABNA0417164301' }), 'iban', 'signUp.errors.ibanInvalid'],
      [person(young, { startDate: addDays(today, -1) }), 'startDate', 'signUp.errors.startDate'],
      [person(young, { startDate: addDays(today, 100) }), 'startDate', 'signUp.errors.startDate'],
      [
        person(young, { confirmPassword: 'iets anders 12345' }),
        'confirmPassword',
        'validation.passwordMismatch',
      ],
      [person(young, { postalCode: '1234' }), 'postalCode', 'validation.postalCode'],
      [person(young, { website: 'http://spam.example' }), 'website', 'signUp.errors.refused'],
      [person(other), 'subscriptionId', 'member.errors.subscriptionNotFound'],
      [person(young, { variantId: other.variants[0]!.id }), 'variantId', 'member.errors.variantNotFound'],
      [person(young, { locationId: 999_999 }), 'locationId', 'signUp.errors.clubNotFound'],
      [
        person(young, {
          password: 'password123',
          confirmPassword: 'password123',
          dateOfBirth: `${Number(today.slice(0, 4)) - 20}-01-01`,
        }),
        'password',
        'validation.passwordTooCommon',
      ],
    ];
    for (const [body, key, message] of cases) {
      const response = await publicCall('POST', '/SignUp', body);
      expect(response.statusCode, `${key}: ${response.body}`).toBe(400);
      expect(response.json().errors).toContainEqual({ key, message });
      expect(await memberOf(body.email)).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
    // Within the age group: welcome.
    await signUpConfirmed(person(young, { dateOfBirth: `${Number(today.slice(0, 4)) - 20}-01-01` }));
  });

  it("an address with an account: its own password (the popup's) signs up at once; another one waits for the mail", async () => {
    const subscription = await newSubscription();
    const first = person(subscription);
    await signUpConfirmed(first);
    const member = (await memberOf(first.email))!;
    const membershipCount = async () =>
      (await t.db.select().from(memberships).where(eq(memberships.memberId, member.id))).length;
    const before = await membershipCount();
    const again = { ...first, password: 'niet het goede 12345', confirmPassword: 'niet het goede 12345' };
    // Another password: nothing made, the same answer as for an unknown address (no 409 that tells).
    expect(await signUp(again)).toEqual({ checkoutUrl: null, resultToken: null, mailSent: true });
    expect(await membershipCount()).toBe(before);
    // The popup: the account's own password, and its address is proven: at once, linked to that account.
    const result = await signUp({ ...again, password: first.password, confirmPassword: first.password });
    expect(result).toMatchObject({ mailSent: false, checkoutUrl: expect.stringMatching(/tr_local_/) });
    expect(await membershipCount()).toBe(before + 1);
    expect(await t.db.select().from(users).where(eq(users.email, first.email))).toHaveLength(1);
  });

  it('is rate limited per address', async () => {
    const subscription = await newSubscription();
    const address = '10.68.250.1';
    for (let at = 0; at < 10; at++) await signUp(person(subscription), address);
    // Nothing made by them: each waits for its mail.
    const last = person(subscription);
    const refused = await publicCall('POST', '/SignUp', last, address);
    expect(refused.statusCode).toBe(429);
    expect(await memberOf(last.email)).toBeUndefined();
  });
});

describe('a registration begun at the desk', () => {
  it('the desk makes its link; the person finishes it once: account, data, bank account and first payment', async () => {
    const subscription = await newSubscription({ variants: [variant({ oneOffCosts: 1500 })] });
    const member = await newMember({ email: `balie${nextSerial()}@inschrijving.test` });
    ok(await takeOut(member, subscription));
    const link = ok<RegistrationLink>(
      await call('POST', `/Member/${member.id}/RegistrationLink`, utrechtDesk),
    );
    expect(link.url).toBe(`${t.config.publicUrl}/inschrijven/afronden/${link.publicCode}`);
    // The same link again until it is used.
    expect(
      ok<RegistrationLink>(await call('POST', `/Member/${member.id}/RegistrationLink`, gym)).publicCode,
    ).toBe(link.publicCode);
    expect((await call('POST', `/Member/${member.id}/RegistrationLink`, brug)).statusCode).toBe(404);
    expect((await call('POST', `/Member/${member.id}/RegistrationLink`, plain)).statusCode).toBe(403);

    const shown = ok<OpenRegistration>(await publicCall('GET', `/SignUp/Open/${link.publicCode}`));
    expect(shown).toMatchObject({
      gymName: 'Vitaal Sportcentra',
      locationName: 'Vitaal Utrecht Centrum',
      firstName: 'Sanne',
      email: member.email,
      memberships: [{ subscriptionName: subscription.name, startDate: today }],
    });
    const {
      locationId: _l,
      subscriptionId: _s,
      variantId: _v,
      startDate: _d,
      ...finish
    } = person(subscription, {
      email: member.email!,
      firstName: 'Sanne',
      kiosk: true,
    });
    const result = ok<{ checkoutUrl: string | null; resultToken: string | null }>(
      await publicCall('POST', `/SignUp/Open/${link.publicCode}`, finish),
    );
    expect(result.checkoutUrl).toMatch(/\/dev\/checkout\/tr_local_/);
    const after = (await memberOf(member.email!))!;
    expect(after).toMatchObject({
      registrationCompleted: true,
      registrationCode: null,
      iban: 'NL91ABNA0417164300',
    });
    // No account before the address is proven: the link mailed to it makes the account and links it.
    expect(after.userId).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.email, member.email!))).toEqual([]);
    expect(await confirmFromMail(member.email!)).toEqual({ checkoutUrl: null, resultToken: null });
    const [account] = await t.db.select().from(users).where(eq(users.email, member.email!));
    expect(account!.emailProvenAt).not.toBeNull();
    expect((await memberOf(member.email!))!.userId).toBe(account!.id);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.memberId, member.id));
    expect(invoice).toMatchObject({ totalCents: 1500 + 3995, periodStart: today });
    const [payment] = await rowsOf<{ url: string }>(
      t.db,
      sql`select "return_url" as "url" from "payments" where "subject" = 'invoice' and "subject_id" = ${invoice!.id}`,
    );
    expect(payment!.url).toContain(
      `?terug=${encodeURIComponent('/inschrijven/vitaal/vitaal-utrecht-centrum/kiosk')}`,
    );
    // Once: the code is used.
    expectFailure(
      await publicCall('POST', `/SignUp/Open/${link.publicCode}`, finish),
      404,
      'general',
      'signUp.errors.codeNotFound',
    );
    expectFailure(
      await publicCall('GET', `/SignUp/Open/${'B'.repeat(22)}`),
      404,
      'general',
      'signUp.errors.codeNotFound',
    );
  });
});
