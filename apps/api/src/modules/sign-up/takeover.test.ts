import { randomUUID } from 'node:crypto';
import type {
  CheckInResult,
  Member,
  PendingSignUpItem,
  SignUpInput,
  SignUpResult,
  Subscription,
} from '@xp/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectFailure, expectForbidden, expectSignInRequired, signInFrom } from '../../test/expect.ts';
import { DEMO_PASSWORD } from '../../test/harness.ts';
import { memberMandates } from '../billing/billing.tables.ts';
import { members, memberships } from '../member/member.tables.ts';
import {
  amersfoortDesk,
  brug,
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  type Page,
  plain,
  t,
  takeOut,
  today,
  useMemberDesk,
  utrechtDesk,
} from '../member/test-support.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { createEmployee, ok } from '../rights/test-support.ts';
import { users } from '../user/user.tables.ts';
import { pendingSignUps } from './sign-up.tables.ts';

/*
 * Decision 018: the public sign-up never takes over an existing person. A sign-up with the address of a
 * member (with or without an account, on the kiosk or not) changes nothing of that member, their bank account
 * or mandate and links no account until the address is proven by the link mailed to it; until then it is a
 * pending sign-up the desk sees and can merge or dismiss. The answer is the same for a known and an unknown
 * address. The check-in needs an account whose address is proven.
 */

useMemberDesk('overname.test', '10.69');

let qrCode = '';
let subscription: Subscription;
beforeAll(async () => {
  qrCode = randomUUID();
  await t.db.update(locations).set({ qrCode }).where(eq(locations.id, ids.utrecht));
  subscription = await newSubscription();
});

let addressSerial = 0;
const publicCall = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: `10.70.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let serial = 0;
/** The stranger's form: their own name, address and bank account, someone else's e-mail address. */
const stranger = (email: string, overrides: Partial<SignUpInput> = {}): SignUpInput => ({
  locationId: ids.utrecht,
  subscriptionId: subscription.id,
  variantId: subscription.variants[0]!.id,
  startDate: today,
  email,
  password: 'een heel ander wachtwoord 77',
  confirmPassword: 'een heel ander wachtwoord 77',
  phoneNumber: '06 99999999',
  gender: 0,
  firstName: 'Indringer',
  lastName: `Nummer ${++serial}`,
  dateOfBirth: '1970-01-01',
  street: 'Valse straat',
  houseNumber: '666',
  postalCode: '9999 ZZ',
  city: 'Nergens',
  accountHolder: 'I. Ndringer',
  iban: 'DE89 3704 0044 0532 0130 00',
  kiosk: false,
  ...overrides,
});

const MAIL_SENT = { checkoutUrl: null, resultToken: null, mailSent: true };

/** A member of Vitaal with a bank account, a valid mandate and a membership; with an account when asked. */
async function victim(withAccount: boolean) {
  const email = `slachtoffer${++serial}@overname.test`;
  const member = await newMember({ firstName: 'Echte', lastName: `Persoon ${serial}`, email });
  await t.db
    .update(members)
    .set({ iban: 'NL91ABNA0417164300', accountHolder: 'E. Persoon', mandateSignedOn: '2025-01-02' })
    .where(eq(members.id, member.id));
  await t.db.insert(memberMandates).values({
    memberId: member.id,
    locationId: ids.utrecht,
    provider: 'local',
    customerId: `cst_${serial}`,
    mandateId: `mdt_${serial}`,
    reference: `XP-${ids.vitaal}-${member.id}`,
    status: 'valid',
  });
  ok(await takeOut(member, subscription));
  let userId: number | null = null;
  if (withAccount) {
    userId = await createEmployee(t, { email, firstName: 'Echte', lastName: `Persoon ${serial}` });
    await t.db.update(members).set({ userId }).where(eq(members.id, member.id));
  }
  return { member, email, userId };
}

/** Everything of a member a takeover would change: their row, mandates, memberships, and accounts of the address. */
async function stateOf(member: Member) {
  const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
  const { updatedAt: _u, ...kept } = row!;
  return {
    member: kept,
    mandates: await t.db.select().from(memberMandates).where(eq(memberMandates.memberId, member.id)),
    memberships: await t.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.memberId, member.id))
      .orderBy(asc(memberships.id)),
    accounts: await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${member.email!.toLowerCase()}`),
  };
}

const mailsTo = async (email: string) =>
  t.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'signUpConfirm')))
    .orderBy(desc(mailOutbox.id));
const tokenIn = (text: string) => text.match(/\/inschrijven\/bevestigen\/([A-Za-z0-9_-]+)/)![1]!;

const pendingOf = async (email: string, cookie = gym) =>
  ok<Page<PendingSignUpItem>>(
    await call('GET', `/SignUp/Pending?search=${encodeURIComponent(email)}`, cookie),
  ).items;

const checkIn = async (email: string) => {
  const app = await signInFrom(t, email, `10.70.251.${++serial % 250}`);
  return call('POST', '/Entry/CheckIn', app, { qrCode });
};

describe('a sign-up with the address of a member', () => {
  for (const [withAccount, kiosk] of [
    [false, false],
    [false, true],
    [true, false],
    [true, true],
  ] as const) {
    it(`changes nothing of them ${withAccount ? 'with' : 'without'} an account${kiosk ? ', on the kiosk' : ''}: a pending sign-up the desk sees`, async () => {
      const { member, email, userId } = await victim(withAccount);
      const before = await stateOf(member);
      const answer = ok<SignUpResult>(await publicCall('POST', '/SignUp', stranger(email, { kiosk })));
      expect(answer).toEqual(MAIL_SENT);
      // Name, address, date of birth, IBAN, account holder, mandate, memberships, account: all as they were.
      expect(await stateOf(member)).toEqual(before);
      expect((await stateOf(member)).member.userId).toBe(userId);
      // The address's owner got the link; the desk sees the sign-up beside the member.
      expect(await mailsTo(email)).toHaveLength(1);
      expect(await pendingOf(email)).toEqual([
        expect.objectContaining({
          email,
          fullName: `Indringer Nummer ${serial}`,
          member: { id: member.id, fullName: `${member.firstName} ${member.lastName}` },
        }),
      ]);
      // The stranger cannot sign in as the member: no account has the stranger's password, and the
      // check-in of the address is not theirs.
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/account/cookielogin',
        remoteAddress: `10.70.252.${++serial % 250}`,
        payload: { email, password: 'een heel ander wachtwoord 77' },
      });
      expect(signIn.statusCode).not.toBe(200);
    });
  }
});

describe('the answer', () => {
  it('is the same for an unknown address, a member, a member with an account and an account without a member', async () => {
    const plainMember = await victim(false);
    const withAccount = await victim(true);
    const employee = `werknemer${++serial}@overname.test`;
    await createEmployee(t, { email: employee });
    const addresses = [`onbekend${++serial}@overname.test`, plainMember.email, withAccount.email, employee];
    const bodies: unknown[] = [];
    for (const kiosk of [false, true])
      for (const email of addresses) {
        const response = await publicCall('POST', '/SignUp', stranger(email, { kiosk }));
        expect(response.statusCode, email).toBe(200);
        expect(response.json().data, email).toEqual(MAIL_SENT);
        bodies.push(response.json());
      }
    // Status, shape and every byte of the body alike.
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    // The same work for each: one mail per sign-up to the address, nothing made.
    for (const email of addresses) expect(await mailsTo(email), email).toHaveLength(2);
    // A common password is refused alike (a proven account's own password is never checked against the list).
    for (const email of addresses)
      expectFailure(
        await publicCall(
          'POST',
          '/SignUp',
          stranger(email, { password: 'password123', confirmPassword: 'password123' }),
        ),
        400,
        'password',
        'validation.passwordTooCommon',
      );
  });
});

describe('the time of the answer', () => {
  it('is comparable for an unknown address and a member with an account (the same work for both)', async () => {
    const known = await victim(true);
    const spent = { known: 0, unknown: 0 };
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await publicCall('POST', '/SignUp', stranger(email))).statusCode).toBe(200);
      return performance.now() - started;
    };
    await timed(`warm${++serial}@overname.test`);
    // Alternated, so that the machine's own ups and downs fall on both alike.
    for (let round = 0; round < 4; round++) {
      spent.unknown += await timed(`onbekend${++serial}@overname.test`);
      spent.known += await timed(known.email);
    }
    const ratio = spent.known / spent.unknown;
    expect(ratio, JSON.stringify(spent)).toBeGreaterThan(0.5);
    expect(ratio, JSON.stringify(spent)).toBeLessThan(2);
  });
});

describe('the person of the address', () => {
  it('completes their sign-up from the mail: their data, the account made and linked, the check-in admitted', async () => {
    const { member, email } = await victim(false);
    ok(
      await publicCall(
        'POST',
        '/SignUp',
        stranger(email, {
          firstName: 'Echte',
          lastName: 'Verhuisd',
          street: 'Nieuwe straat',
          password: DEMO_PASSWORD,
          confirmPassword: DEMO_PASSWORD,
        }),
      ),
    );
    const [mail] = await mailsTo(email);
    const token = tokenIn(mail!.text);
    const result = ok<{ checkoutUrl: string | null }>(await publicCall('POST', `/SignUp/Confirm/${token}`));
    expect(result.checkoutUrl).toMatch(/tr_local_/);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account!.emailProvenAt).not.toBeNull();
    const [after] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(after).toMatchObject({ userId: account!.id, lastName: 'Verhuisd', street: 'Nieuwe straat' });
    expect(await pendingOf(email)).toEqual([]);
    const admitted = ok<CheckInResult>(await checkIn(email));
    expect(admitted.admitted).toBe(true);
  });

  it('with a proven account (another password typed) proves the address by the mail: the account keeps its own password and is linked', async () => {
    const { member, email } = await victim(false);
    const userId = await createEmployee(t, { email });
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    ok(await publicCall('POST', '/SignUp', stranger(email)));
    const [mail] = await mailsTo(email);
    ok(await publicCall('POST', `/SignUp/Confirm/${tokenIn(mail!.text)}`));
    const [account] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(account!.passwordHash).toBe(before!.hash);
    expect((await t.db.select().from(members).where(eq(members.id, member.id)))[0]!.userId).toBe(userId);
  });

  it('with an account a form made before its address was proven: the person who proves it sets its password, its sessions end', async () => {
    // As the sign-up left it before the address had to be proven: someone's password on the address's account, linked.
    const { member, email, userId } = await victim(true);
    const before = await signInFrom(t, email, `10.70.253.${++serial % 250}`);
    await t.db.update(users).set({ emailProvenAt: null }).where(eq(users.id, userId!));
    expectFailure(await checkIn(email), 403, 'general', 'entry.errors.emailNotProven');
    ok(
      await publicCall(
        'POST',
        '/SignUp',
        stranger(email, {
          password: 'het echte wachtwoord 2026',
          confirmPassword: 'het echte wachtwoord 2026',
        }),
      ),
    );
    const [mail] = await mailsTo(email);
    ok(await publicCall('POST', `/SignUp/Confirm/${tokenIn(mail!.text)}`));
    const [account] = await t.db.select().from(users).where(eq(users.id, userId!));
    expect(account!.emailProvenAt).not.toBeNull();
    // The old password no longer signs in, and the old session has ended.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      remoteAddress: `10.70.254.${++serial % 250}`,
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(old.statusCode).not.toBe(200);
    expect((await call('POST', '/Entry/CheckIn', before, { qrCode })).statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      remoteAddress: `10.70.254.${++serial % 250}`,
      payload: { email, password: 'het echte wachtwoord 2026' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await t.db.select().from(members).where(eq(members.id, member.id)))[0]!.userId).toBe(userId);
  });
});

describe('the desk', () => {
  it('merges a pending sign-up: its data and membership on the member, no account linked; audited; once', async () => {
    const { member, email } = await victim(false);
    ok(await publicCall('POST', '/SignUp', stranger(email, { lastName: 'Getrouwd', city: 'Zeist' })));
    const [pending] = await pendingOf(email, utrechtDesk);
    expect(pending!.member?.id).toBe(member.id);
    const before = (await stateOf(member)).memberships.length;
    // Another gym, another location, a right too few, no sign-in: refused, nothing changes.
    expectFailure(
      await call('POST', `/SignUp/Pending/${pending!.id}/Merge`, brug),
      404,
      'general',
      'signUp.errors.pendingNotFound',
    );
    expect((await call('POST', `/SignUp/Pending/${pending!.id}/Merge`, amersfoortDesk)).statusCode).toBe(404);
    expectForbidden(await call('POST', `/SignUp/Pending/${pending!.id}/Merge`, plain));
    expectSignInRequired(
      await t.app.inject({ method: 'POST', url: `/api/SignUp/Pending/${pending!.id}/Merge` }),
    );
    expect(await pendingOf(email, brug)).toEqual([]);
    expect((await stateOf(member)).memberships).toHaveLength(before);
    // The location's desk merges it.
    expect(ok(await call('POST', `/SignUp/Pending/${pending!.id}/Merge`, utrechtDesk))).toEqual({
      memberId: member.id,
    });
    const after = await stateOf(member);
    expect(after.member).toMatchObject({ lastName: 'Getrouwd', city: 'Zeist', userId: null });
    expect(after.memberships).toHaveLength(before + 1);
    expect(after.accounts).toEqual([]);
    const [row] = await t.db.select().from(pendingSignUps).where(eq(pendingSignUps.id, pending!.id));
    expect(row).toMatchObject({ status: 'merged' });
    expect(await pendingOf(email)).toEqual([]);
    expect((await call('POST', `/SignUp/Pending/${pending!.id}/Merge`, gym)).statusCode).toBe(404);
    // Its link no longer works.
    const [mail] = await mailsTo(email);
    expect((await publicCall('POST', `/SignUp/Confirm/${tokenIn(mail!.text)}`)).statusCode).toBe(404);
  });

  it('names the member of the address only to a desk whose member screens show them', async () => {
    // A member at home in Amersfoort, with no membership in Utrecht: Utrecht's desk does not see them.
    const email = `elders${++serial}@overname.test`;
    const member = await newMember({ email, homeLocationId: ids.amersfoort });
    ok(await publicCall('POST', '/SignUp', stranger(email)));
    const [atUtrecht] = await pendingOf(email, utrechtDesk);
    expect(atUtrecht).toMatchObject({ email, member: null });
    expect(JSON.stringify(atUtrecht)).not.toContain(member.lastName);
    const [atGym] = await pendingOf(email, gym);
    expect(atGym!.member).toMatchObject({ id: member.id });
  });

  it('dismisses a pending sign-up: nothing reaches the member, and its link stops working', async () => {
    const { member, email } = await victim(true);
    const before = await stateOf(member);
    ok(await publicCall('POST', '/SignUp', stranger(email)));
    const [pending] = await pendingOf(email);
    expectForbidden(await call('POST', `/SignUp/Pending/${pending!.id}/Dismiss`, plain));
    expect((await call('POST', `/SignUp/Pending/${pending!.id}/Dismiss`, brug)).statusCode).toBe(404);
    expect(ok(await call('POST', `/SignUp/Pending/${pending!.id}/Dismiss`, gym))).toBeNull();
    expect(await stateOf(member)).toEqual(before);
    const [mail] = await mailsTo(email);
    expectFailure(
      await publicCall('POST', `/SignUp/Confirm/${tokenIn(mail!.text)}`),
      404,
      'general',
      'signUp.errors.confirmNotFound',
    );
  });
});

describe('the check-in', () => {
  it('refuses an account whose address is not proven', async () => {
    const { email, userId } = await victim(true);
    await t.db.update(users).set({ emailProvenAt: null }).where(eq(users.id, userId!));
    expectFailure(await checkIn(email), 403, 'general', 'entry.errors.emailNotProven');
    await t.db.update(users).set({ emailProvenAt: new Date() }).where(eq(users.id, userId!));
    expect(ok<CheckInResult>(await checkIn(email)).admitted).toBe(true);
  });

  it('admits an account once a password reset link mailed to it proved the address', async () => {
    const { email, userId } = await victim(true);
    await t.db.update(users).set({ emailProvenAt: null }).where(eq(users.id, userId!));
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/Account/forgotPassword',
        remoteAddress: `10.70.255.${++serial % 250}`,
        payload: { email },
      }),
    );
    const [mail] = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'passwordReset')))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = decodeURIComponent(mail!.text.match(/reset-password\?token=([^\s]+)/)![1]!);
    ok(
      await t.app.inject({
        method: 'PUT',
        url: '/api/Account/resetPassword',
        remoteAddress: `10.70.255.${++serial % 250}`,
        payload: { token, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      }),
    );
    expect(ok<CheckInResult>(await checkIn(email)).admitted).toBe(true);
  });
});
