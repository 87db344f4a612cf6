import { and, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { files } from '../../platform/files/files.tables.ts';
import { likePattern, orderBy, pagedList } from '../../platform/http/paging.ts';
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
  // One statement after the other: a list request holds one connection at a time. Every picture has its
  // file (a restricting foreign key): the count needs no join.
  const { items, ...total } = await pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select(columns)
        .from(pictureBankItems)
        .innerJoin(files, eq(files.hash, pictureBankItems.fileHash))
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            {
              fileName: sql`lower(${pictureBankItems.fileName})`,
              createdAt: pictureBankItems.createdAt,
              byteSize: files.byteSize,
            },
            'fileName',
            pictureBankItems.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    db.select({ one: sql`1` }).from(pictureBankItems).where(where),
  );
  // The counts per category ignore the category filter, so the tabs can show them all (a picture bank
  // holds hundreds of pictures, not millions: counted exactly).
  const perCategory = await db
    .select({ category: pictureBankItems.category, value: count() })
    .from(pictureBankItems)
    .where(and(...shared))
    .groupBy(pictureBankItems.category);
  const tabCounts: Record<string, number> = { all: 0 };
  for (const { category, value } of perCategory) {
    tabCounts[String(category)] = value;
    tabCounts.all = (tabCounts.all ?? 0) + value;
  }
  return { items: items.map(toItem), ...total, tabCounts };
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
