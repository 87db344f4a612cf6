import { type ChallengeOwner, PublicationStatus } from '@xp/contracts';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import {
  type CappedCount,
  cappedCounts,
  cappedSum,
  cappedValue,
  type ListQuery,
  likePattern,
  limitOffset,
  orderBy,
  pagedCounts,
  pagedList,
  readPage,
} from '../../platform/http/paging.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { challengeCounts, challengeOwnerKey, challenges, OWNER_KEY_OFFSET } from './challenge.tables.ts';

export type ChallengeRow = typeof challenges.$inferSelect;
export type ChallengeValues = Omit<typeof challenges.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ChallengeTemplateRow = typeof challengeTemplates.$inferSelect;

export interface ChallengeFilter extends ListQuery {
  isActive?: boolean | undefined;
}

export interface PopularFilter extends ListQuery {
  theme?: number | undefined;
}

/** The owner column of the owner kind, equal to its id. */
export function ownedBy(owner: ChallengeOwner): SQL {
  switch (owner.kind) {
    case 'location':
      return eq(challenges.locationId, owner.id);
    case 'employer':
      return eq(challenges.employerId, owner.id);
    case 'association':
      return eq(challenges.associationId, owner.id);
  }
}

/** The owner columns of a new challenge: the owner's id in its column, null in the other two. */
export const ownerColumns = (owner: ChallengeOwner) => ({
  locationId: owner.kind === 'location' ? owner.id : null,
  employerId: owner.kind === 'employer' ? owner.id : null,
  associationId: owner.kind === 'association' ? owner.id : null,
});

/** The owner as its `challengeOwnerKey` value (the lists' indexes lead with it). */
const ownerKeyOf = (owner: ChallengeOwner) => OWNER_KEY_OFFSET[owner.kind] + owner.id;

/**
 * The owner's challenges; without a sort the newest first. Without a search the total and the tabs' counts
 * are the owner's kept counts (`challenge_counts`, migration 0028); a search's are the capped counts of its
 * challenges, in one statement after the page. Each sort has an index after the owner key
 * (`challenges_list_*`).
 */
export async function list(db: Database, owner: ChallengeOwner, query: ChallengeFilter) {
  const base = and(
    eq(challengeOwnerKey(challenges), ownerKeyOf(owner)),
    query.search ? ilike(challenges.name, likePattern(query.search)) : undefined,
  );
  const tab = (isActive: boolean | undefined) =>
    and(base, isActive === undefined ? undefined : eq(challenges.isActive, isActive));
  const { limit, offset } = limitOffset(query);
  const order = query.sort
    ? orderBy(
        query,
        {
          name: sql`lower(${challenges.name})`,
          startDate: challenges.startDate,
          entreoPointsReward: challenges.entreoPointsReward,
          createdAt: challenges.createdAt,
        },
        'createdAt',
        challenges.id,
      )
    : [desc(challenges.createdAt), desc(challenges.id)];
  // A deep page's ids first, then their rows: the offset walks the sort index alone (index-only: the
  // `challenges_list_*` indexes hold the owner columns, the active flag and the name after the id,
  // migration 0025), not the table rows it skips.
  // The first pages walk the index directly (`SHALLOW_OFFSET`).
  const items = await readPage({
    limit,
    offset,
    where: tab(query.isActive),
    order,
    id: challenges.id,
    ids: db.select({ id: challenges.id }).from(challenges).$dynamic(),
    rows: db.select().from(challenges).$dynamic(),
  });
  if (query.counts === false) return { items };
  const current = query.isActive === undefined ? 'all' : query.isActive ? 'active' : 'inactive';
  if (!query.search) return { items, ...pagedCounts(await ownerCounts(db, owner), current) };
  // A search's counts filter on the plain owner column: `challenges_{location,employer,association}_idx`
  // (owner, is_active, name) answers them by index-only scans with the name's filter (the owner key's
  // expression index cannot). Only the two tabs are counted: the total is their sum, capped (when either tab is
  // capped, so is the total), so it is the same as a capped count of all the owner's challenges.
  const search = ilike(challenges.name, likePattern(query.search));
  const tabRows = (isActive: boolean) =>
    db
      .select({ one: sql`1` })
      .from(challenges)
      .where(and(ownedBy(owner), search, eq(challenges.isActive, isActive)));
  const tabs = await cappedCounts(db, { active: tabRows(true), inactive: tabRows(false) });
  return { items, ...pagedCounts({ all: cappedSum(tabs.active, tabs.inactive), ...tabs }, current) };
}

/**
 * The tab counts without a search: the owner's challenges per active flag that triggers keep (migration
 * 0028), answered as the capped counts would be (exact up to `COUNT_CAP`). One read of at most two rows by
 * the primary key; an owner without challenges has none.
 */
async function ownerCounts(
  db: Database,
  owner: ChallengeOwner,
): Promise<Record<'all' | 'active' | 'inactive', CappedCount>> {
  const rows = await db
    .select({ isActive: challengeCounts.isActive, count: challengeCounts.count })
    .from(challengeCounts)
    .where(eq(challengeCounts.ownerKey, ownerKeyOf(owner)));
  const count = (isActive: boolean) => rows.find((row) => row.isActive === isActive)?.count ?? 0;
  return {
    all: cappedValue(count(true) + count(false)),
    active: cappedValue(count(true)),
    inactive: cappedValue(count(false)),
  };
}

/** One challenge of the owner; another owner's is not found. */
export const find = async (db: Database, owner: ChallengeOwner, id: number) =>
  (
    await db
      .select()
      .from(challenges)
      .where(and(eq(challenges.id, id), ownedBy(owner)))
  )[0];

/** The same, locked for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, owner: ChallengeOwner, id: number) =>
  (
    await db
      .select()
      .from(challenges)
      .where(and(eq(challenges.id, id), ownedBy(owner)))
      .for('update')
  )[0];

export const insert = async (db: Database, values: ChallengeValues) =>
  (await db.insert(challenges).values(values).returning())[0]!;

export const update = async (db: Database, id: number, values: Partial<ChallengeValues>) =>
  (await db.update(challenges).set(values).where(eq(challenges.id, id)).returning())[0]!;

export const remove = (db: Database, id: number) => db.delete(challenges).where(eq(challenges.id, id));

/**
 * A template, locked so it cannot be deleted or changed while a challenge is made from it. `no key update`,
 * not `share`: the new challenge's trigger updates the template's `challenge_count`, and two creations
 * holding a shared lock would deadlock upgrading it.
 */
export const findTemplate = async (db: Database, id: number) =>
  (await db.select().from(challengeTemplates).where(eq(challengeTemplates.id, id)).for('no key update'))[0];

/** Kept by the database (triggers, migration 0022): no count over every challenge per request. */
const challengeCount = challengeTemplates.challengeCount;

/**
 * The columns of a popular template (`popularChallengeTemplate`): what the picker and the challenge form
 * show, not the whole template.
 */
const popularColumns = {
  id: challengeTemplates.id,
  name: challengeTemplates.name,
  description: challengeTemplates.description,
  theme: challengeTemplates.theme,
  measurementUnit: challengeTemplates.measurementUnit,
  activity: challengeTemplates.activity,
  difficulty: challengeTemplates.difficulty,
  completionPeriod: challengeTemplates.completionPeriod,
  completionAmount: challengeTemplates.completionAmount,
  measurementAmount: challengeTemplates.measurementAmount,
  entreoPointsReward: challengeTemplates.entreoPointsReward,
  challengeBannerHash: challengeTemplates.challengeBannerHash,
  sendNotifications: challengeTemplates.sendNotifications,
  challengeCount,
};

/**
 * Active, published templates with how many challenges (of every owner) use them; without a sort the most
 * used first, then by name.
 */
export async function popular(db: Database, query: PopularFilter) {
  const where = and(
    eq(challengeTemplates.isActive, true),
    eq(challengeTemplates.status, PublicationStatus.Published),
    query.search ? ilike(challengeTemplates.name, likePattern(query.search)) : undefined,
    query.theme === undefined ? undefined : eq(challengeTemplates.theme, query.theme),
  );
  const name = sql`lower(${challengeTemplates.name})`;
  const direction = query.direction === 'desc' ? desc : asc;
  const order =
    query.sort === 'name'
      ? [direction(name), direction(challengeTemplates.id)]
      : [
          query.sort === 'challengeCount' ? direction(challengeCount) : desc(challengeCount),
          asc(name),
          asc(challengeTemplates.id),
        ];
  return pagedList(
    db,
    query,
    // A deep page's ids first, by an index-only walk of `challenge_templates_popular_idx` (its ascending
    // twin, or the name's index), then their rows; the first pages walk the index directly.
    (limit, offset) =>
      readPage({
        limit,
        offset,
        where,
        order,
        id: challengeTemplates.id,
        ids: db.select({ id: challengeTemplates.id }).from(challengeTemplates).$dynamic(),
        rows: db.select(popularColumns).from(challengeTemplates).$dynamic(),
      }),
    db.select({ one: sql`1` }).from(challengeTemplates).where(where),
  );
}
