import { and, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, orderBy, pagedList, readPage } from '../../platform/http/paging.ts';
import { pictureBankItems } from '../picture-bank/picture-bank.tables.ts';
import { challengeTemplates } from './challenge-template.tables.ts';

export type ChallengeTemplateRow = typeof challengeTemplates.$inferSelect;
export type ChallengeTemplateValues = Omit<
  typeof challengeTemplates.$inferInsert,
  'id' | 'isActive' | 'createdAt' | 'updatedAt'
>;

export interface ChallengeTemplateFilter extends ListQuery {
  theme?: number | undefined;
  status?: number | undefined;
  isActive?: boolean | undefined;
}

/** The columns of a row of the templates overview (`challengeTemplateListItem`), not the whole template. */
const listColumns = {
  id: challengeTemplates.id,
  name: challengeTemplates.name,
  theme: challengeTemplates.theme,
  status: challengeTemplates.status,
  isActive: challengeTemplates.isActive,
  challengeBannerHash: challengeTemplates.challengeBannerHash,
  createdAt: challengeTemplates.createdAt,
};

export async function list(db: Database, query: ChallengeTemplateFilter) {
  const filters: (SQL | undefined)[] = [];
  if (query.search) filters.push(ilike(challengeTemplates.name, likePattern(query.search)));
  if (query.theme !== undefined) filters.push(eq(challengeTemplates.theme, query.theme));
  if (query.status !== undefined) filters.push(eq(challengeTemplates.status, query.status));
  if (query.isActive !== undefined) filters.push(eq(challengeTemplates.isActive, query.isActive));
  const where = and(...filters);
  const order = orderBy(
    query,
    {
      name: sql`lower(${challengeTemplates.name})`,
      theme: challengeTemplates.theme,
      status: challengeTemplates.status,
      createdAt: challengeTemplates.createdAt,
    },
    'name',
    challengeTemplates.id,
  );
  return pagedList(
    db,
    query,
    // A deep page's ids first, then their rows: it walks the sort index, not the table (the name's index
    // holds the filtered columns, migration 0025); the first pages walk the index directly.
    (limit, offset) =>
      readPage({
        limit,
        offset,
        where,
        order,
        id: challengeTemplates.id,
        ids: db.select({ id: challengeTemplates.id }).from(challengeTemplates).$dynamic(),
        rows: db.select(listColumns).from(challengeTemplates).$dynamic(),
      }),
    db.select({ one: sql`1` }).from(challengeTemplates).where(where),
  );
}

export const find = async (db: Database, id: number) =>
  (await db.select().from(challengeTemplates).where(eq(challengeTemplates.id, id)))[0];

/** Locks the row for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, id: number) =>
  (await db.select().from(challengeTemplates).where(eq(challengeTemplates.id, id)).for('update'))[0];

export const insert = async (db: Database, values: ChallengeTemplateValues) =>
  (await db.insert(challengeTemplates).values(values).returning())[0]!;

export const update = async (
  db: Database,
  id: number,
  values: Partial<ChallengeTemplateValues> & { isActive?: boolean },
) => (await db.update(challengeTemplates).set(values).where(eq(challengeTemplates.id, id)).returning())[0]!;

export const remove = (db: Database, id: number) =>
  db.delete(challengeTemplates).where(eq(challengeTemplates.id, id));

/** A picture of the picture bank, locked shared so it cannot be deleted while a template takes it. */
export const findPicture = async (db: Database, id: number) =>
  (
    await db
      .select({
        id: pictureBankItems.id,
        fileHash: pictureBankItems.fileHash,
        category: pictureBankItems.category,
        isActive: pictureBankItems.isActive,
      })
      .from(pictureBankItems)
      .where(eq(pictureBankItems.id, id))
      .for('share')
  )[0];
