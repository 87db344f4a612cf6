import { randomBytes } from 'node:crypto';
import { MemberStatus } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { locationOpeningHours, locationStatusRequirements } from '../modules/location/location.tables.ts';
import { locations } from '../modules/organisation/organisation.tables.ts';
import type { Database } from '../platform/db/client.ts';

type Week = Record<number, [string, string][]>;

/** Monday to Friday early till late, shorter weekends. Weekday 0 is Sunday. */
const cityWeek: Week = {
  0: [['09:00', '17:00']],
  1: [['06:30', '23:00']],
  2: [['06:30', '23:00']],
  3: [['06:30', '23:00']],
  4: [['06:30', '23:00']],
  5: [['06:30', '22:00']],
  6: [['08:00', '18:00']],
};
/** Closed on Sunday, a lunch break on weekdays. */
const smallWeek: Week = {
  1: [
    ['07:00', '12:30'],
    ['13:30', '22:00'],
  ],
  2: [
    ['07:00', '12:30'],
    ['13:30', '22:00'],
  ],
  3: [['07:00', '22:00']],
  4: [
    ['07:00', '12:30'],
    ['13:30', '22:00'],
  ],
  5: [['07:00', '21:00']],
  6: [['09:00', '14:00']],
};

const settings: Record<string, { week: Week; nonActive: number; sleeping: number; qr: boolean }> = {
  'vitaal-utrecht-centrum': { week: cityWeek, nonActive: 30, sleeping: 90, qr: true },
  'vitaal-amersfoort': { week: smallWeek, nonActive: 21, sleeping: 60, qr: true },
  'de-brug-zwolle': { week: smallWeek, nonActive: 28, sleeping: 84, qr: false },
};

/** Opening hours, status requirements and QR codes of the demo locations (no payment provider). */
export async function seedLocationSettings(db: Database) {
  for (const [slug, { week, nonActive, sleeping, qr }] of Object.entries(settings)) {
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.slug, slug));
    if (!location) continue;
    await db.insert(locationOpeningHours).values(
      Object.entries(week).flatMap(([weekday, ranges]) =>
        ranges.map(([opensAt, closesAt]) => ({
          locationId: location.id,
          weekday: Number(weekday),
          opensAt,
          closesAt,
        })),
      ),
    );
    await db.insert(locationStatusRequirements).values([
      { locationId: location.id, memberStatus: MemberStatus.NonActive, requiredDaysOfAbsence: nonActive },
      { locationId: location.id, memberStatus: MemberStatus.Sleeping, requiredDaysOfAbsence: sleeping },
    ]);
    if (qr) {
      await db
        .update(locations)
        .set({ qrCode: randomBytes(18).toString('base64url'), qrCodeIssuedAt: new Date() })
        .where(eq(locations.id, location.id));
    }
  }
}
