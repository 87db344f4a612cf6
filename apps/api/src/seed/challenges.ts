import { challengeTemplateSnapshot, PublicationStatus } from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { and, eq, inArray } from 'drizzle-orm';
import { challenges } from '../modules/challenge/challenge.tables.ts';
import { challengeTemplates } from '../modules/challenge-template/challenge-template.tables.ts';
import { employers, locations } from '../modules/organisation/organisation.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import type { Database } from '../platform/db/client.ts';

/**
 * Challenges made from the demo templates (seed/challenge-templates.ts): three for Vitaal Utrecht Centrum
 * (by locatie@example.com, one switched off) and two for Bakkerij Jansen (by werkgever@example.com).
 * Does nothing when challenges exist already.
 */
export async function seedChallenges(db: Database): Promise<void> {
  const [existing] = await db.select({ id: challenges.id }).from(challenges).limit(1);
  if (existing) return;
  const templates = await db
    .select()
    .from(challengeTemplates)
    .where(
      and(eq(challengeTemplates.isActive, true), eq(challengeTemplates.status, PublicationStatus.Published)),
    );
  const template = (name: string) => templates.find((row) => row.name === name);
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.slug, 'vitaal-utrecht-centrum'));
  const [employer] = await db
    .select({ id: employers.id })
    .from(employers)
    .where(eq(employers.name, 'Bakkerij Jansen B.V.'));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['locatie@example.com', 'werkgever@example.com']));
  const userId = (email: string) => people.find((row) => row.email === email)?.id ?? null;

  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const inDays = (days: number) => instantAfterDays(days, today);
  const made = (
    name: string,
    owner: { locationId: number } | { employerId: number },
    createdBy: number | null,
    values: Partial<typeof challenges.$inferInsert> = {},
  ): (typeof challenges.$inferInsert)[] => {
    const row = template(name);
    if (!row) return [];
    return [
      {
        challengeTemplateId: row.id,
        templateSnapshot: challengeTemplateSnapshot.parse(row),
        name: row.name,
        ...owner,
        entreoPointsReward: row.entreoPointsReward,
        createdBy,
        ...values,
      },
    ];
  };

  const rows: (typeof challenges.$inferInsert)[] = [];
  if (location) {
    const owner = { locationId: location.id };
    const by = userId('locatie@example.com');
    rows.push(
      // 30 times per day: the active period spans at least 30 days.
      ...made('Dagelijks vijf kilometer wandelen', owner, by, {
        startDate: today,
        endDate: inDays(29),
        sendNotifications: true,
      }),
      ...made('Tienduizend stappen', owner, by, { entreoPointsReward: 40 }),
      // 4 times per week: at least 28 days.
      ...made('Tien minuten mediteren', owner, by, {
        startDate: inDays(7),
        endDate: inDays(41),
        fromDate: today,
        fromEndDate: inDays(41),
        isActive: false,
      }),
    );
  }
  if (employer) {
    const owner = { employerId: employer.id };
    const by = userId('werkgever@example.com');
    rows.push(
      ...made('Tienduizend stappen', owner, by, { startDate: today, endDate: inDays(13) }),
      ...made('Tien minuten mediteren', owner, by, { entreoPointsReward: 15 }),
    );
  }
  if (rows.length > 0) await db.insert(challenges).values(rows);
}
