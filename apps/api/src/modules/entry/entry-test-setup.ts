import { randomUUID } from 'node:crypto';
import type { CheckInResult, Subscription } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { members } from '../member/member.tables.ts';
import { call, ids, newMember, t, takeOut, today, useMemberDesk } from '../member/test-support.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { createEmployee, ok, signIn } from '../rights/test-support.ts';
import { entries } from './entry.tables.ts';

/*
 * Entries at the door (decision 014): the desk's entries, the member app's check-in with its
 * rules (membership valid today at the location, pauses, time slots, access limits per period and in all),
 * the race of parallel check-ins, refused attempts and their approval, and who is inside.
 */

export const qr = { utrecht: '', amersfoort: '', zwolle: '' };

export let serial = 0;
/** The next number for a unique name. */
export const nextSerial = () => ++serial;

/** A member of Vitaal with an account of their own (the member app), signed in; with a membership when given. */
export async function memberWithApp(subscription?: Subscription, startDate = today) {
  const email = `lid${++serial}@entree.test`;
  const userId = await createEmployee(t, { email, firstName: 'Lid', lastName: `Nummer ${serial}` });
  const member = await newMember({
    firstName: 'Lid',
    lastName: `Nummer ${serial}`,
    email,
    dateOfBirth: '1985-01-01',
  });
  await t.db.update(members).set({ userId }).where(eq(members.id, member.id));
  if (subscription) ok(await takeOut(member, subscription, { startDate }));
  const app = await signIn(t, email, '10.66');
  const scan = async (code = qr.utrecht) =>
    ok<CheckInResult>(await call('POST', '/Entry/CheckIn', app, { qrCode: code }));
  return { member, app, scan };
}

export const entryCount = async (memberId: number) =>
  (
    await t.db.select({ n: sql<number>`count(*)::int` }).from(entries).where(eq(entries.memberId, memberId))
  )[0]!.n;

/** The local time now, HH:mm, as the server reads it. */
export const localTime = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date());

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  useMemberDesk('entree.test', '10.65');
  beforeAll(async () => {
    for (const key of Object.keys(qr) as (keyof typeof qr)[]) {
      qr[key] = randomUUID();
      await t.db.update(locations).set({ qrCode: qr[key] }).where(eq(locations.id, ids[key]));
    }
  });
}
