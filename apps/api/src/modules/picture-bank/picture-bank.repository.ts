import { COUNT_CAP } from '@xp/contracts';
import { and, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { files } from '../../platform/files/files.tables.ts';
import { likePattern, limitOffset, orderBy, pagedTotal, readPage } from '../../platform/http/paging.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { pictureBankItems } from './picture-bank.tables.ts';

export type PictureBankValues = Pick<
  typeof pictureBankItems.$inferInsert,
  'fileHash' | 'fileName' | 'category' | 'isActive'
>;

export interface PictureBankFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: 'fileName' | 'createdAt' | 'byteSize' | undefined;
  direction: 'asc' | 'desc';
  category?: number | undefined;
  isActive?: boolean | undefined;
  /** `false`: answer without `total` (decision 009); the category counts stay. */
  counts?: boolean | undefined;
}

const columns = {
  id: pictureBankItems.id,
  fileName: pictureBankItems.fileName,
  category: pictureBankItems.category,
  isActive: pictureBankItems.isActive,
  pictureHash: pictureBankItems.fileHash,
  byteSize: files.byteSize,
  width: files.width,
  height: files.height,
  createdAt: pictureBankItems.createdAt,
};

type Row = { createdAt: Date } & Record<string, unknown>;
const toItem = <R extends Row>(row: R) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Pictures filtered on search (file name), active flag and category; paged and sorted in SQL. */
export async function list(db: Database, query: PictureBankFilter) {
  const shared: (SQL | undefined)[] = [];
  if (query.search) shared.push(ilike(pictureBankItems.fileName, likePattern(query.search)));
  if (query.isActive !== undefined) shared.push(eq(pictureBankItems.isActive, query.isActive));
  const where = and(
    ...shared,
    query.category !== undefined ? eq(pictureBankItems.category, query.category) : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const order = orderBy(
    query,
    {
      fileName: sql`lower(${pictureBankItems.fileName})`,
      createdAt: pictureBankItems.createdAt,
      // The file's size as copied onto the picture (kept by a trigger, migration 0025): an index sorts it.
      byteSize: pictureBankItems.byteSize,
    },
    'fileName',
    pictureBankItems.id,
  );
  // A deep page's ids first, then their rows with their files: it walks the sort index alone (the
  // sort indexes hold the filtered columns after the id, migration 0025), not the table. One statement
  // after the other: a list request holds one connection at a time.
  const items = await readPage({
    limit,
    offset,
    where,
    order,
    id: pictureBankItems.id,
    ids: db.select({ id: pictureBankItems.id }).from(pictureBankItems).$dynamic(),
    rows: db
      .select(columns)
      .from(pictureBankItems)
      .innerJoin(files, eq(files.hash, pictureBankItems.fileHash))
      .$dynamic(),
  });
  // The counts per category ignore the category filter, so the tabs can show them all (a picture bank
  // holds hundreds of pictures, not millions: counted exactly). The total is the filtered category's
  // count or their sum, answered as a capped count would be: no count statement of its own.
  // With a search, `count(file_hash)` (the same number: the column is not null) reads the table's rows,
  // so the planner takes the trigram index rather than evaluating the search on every entry of the name
  // index (which holds the file name for the deep pages' index-only walks): 2.5 times the throughput.
  const perCategory = await db
    .select({
      category: pictureBankItems.category,
      value: query.search ? count(pictureBankItems.fileHash) : count(),
    })
    .from(pictureBankItems)
    .where(and(...shared))
    .groupBy(pictureBankItems.category);
  const tabCounts: Record<string, number> = { all: 0 };
  for (const { category, value } of perCategory) {
    tabCounts[String(category)] = value;
    tabCounts.all = (tabCounts.all ?? 0) + value;
  }
  if (query.counts === false) return { items: items.map(toItem), tabCounts };
  const total = (query.category !== undefined ? tabCounts[String(query.category)] : tabCounts.all) ?? 0;
  return {
    items: items.map(toItem),
    ...pagedTotal({ value: Math.min(total, COUNT_CAP), isCapped: total > COUNT_CAP }),
    tabCounts,
  };
}

export const find = async (db: Database, id: number) => {
  const [row] = await db
    .select(columns)
    .from(pictureBankItems)
    .innerJoin(files, eq(files.hash, pictureBankItems.fileHash))
    .where(eq(pictureBankItems.id, id));
  return row ? toItem(row) : undefined;
};

/** Locks the row for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, id: number) =>
  (
    await db
      .select({ id: pictureBankItems.id })
      .from(pictureBankItems)
      .where(eq(pictureBankItems.id, id))
      .for('update')
  )[0];

export const insert = async (db: Database, values: PictureBankValues) => {
  const [created] = await db.insert(pictureBankItems).values(values).returning({ id: pictureBankItems.id });
  return (await find(db, created!.id))!;
};

export const update = async (db: Database, id: number, values: Partial<PictureBankValues>) => {
  await db.update(pictureBankItems).set(values).where(eq(pictureBankItems.id, id));
  return (await find(db, id))!;
};

export const remove = (db: Database, id: number) =>
  db.delete(pictureBankItems).where(eq(pictureBankItems.id, id));

/**
 * How many things use this picture, so that it cannot be deleted from under them (409
 * `pictureBank.errors.inUse`): the challenge templates that show it (`challenge_templates.picture_bank_item_id`,
 * whose foreign key is `on delete restrict` as a second guard). Anything else that comes to refer to a
 * picture is added here.
 */
export async function countReferences(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(challengeTemplates)
    .where(eq(challengeTemplates.pictureBankItemId, id));
  return row?.value ?? 0;
}
