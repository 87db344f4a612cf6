import type { Claims, OpeningDay, OpeningHours, OpeningHoursInput } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import * as repository from './location.repository.ts';
import { findAlterable, findReadable } from './location-access.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** All seven weekdays, Sunday (0) first; a weekday without ranges is closed. */
async function weekOf(db: Database, locationId: number): Promise<OpeningHours> {
  const ranges = await repository.openingHours(db, locationId);
  return {
    locationId,
    days: WEEKDAYS.map((weekday) => {
      const own = ranges.filter((range) => range.weekday === weekday).map(({ from, to }) => ({ from, to }));
      return { weekday, closed: own.length === 0, ranges: own };
    }),
  };
}

/** `{ 0: '09:00-12:00, 13:00-17:00', 1: '', ... }`, for the audit log. */
const asEntity = (days: OpeningDay[]) =>
  Object.fromEntries(
    days.map((day) => [
      `weekday${day.weekday}`,
      day.ranges.map((range) => `${range.from}-${range.to}`).join(', '),
    ]),
  );

export async function getOpeningHours(db: Database, session: Claims, locationId: number) {
  await findReadable(db, session, locationId);
  return weekOf(db, locationId);
}

/** Replaces the whole week in one transaction; weekdays left out are closed. */
export function saveOpeningHours(db: Database, session: Claims, input: OpeningHoursInput, actor: Actor) {
  return inTransaction(db, async (tx) => {
    await repository.lock(tx, input.locationId);
    await findAlterable(tx, session, input.locationId);
    const before = await weekOf(tx, input.locationId);
    await repository.replaceOpeningHours(
      tx,
      input.locationId,
      input.days.flatMap((day) =>
        day.closed ? [] : day.ranges.map((range) => ({ weekday: day.weekday, ...range })),
      ),
    );
    const after = await weekOf(tx, input.locationId);
    await audit.write(
      tx,
      actor,
      'LocationOpeningHours',
      input.locationId,
      asEntity(before.days),
      asEntity(after.days),
    );
    return after;
  });
}
