import type { Claims, PictureBankItem, UploadedFile } from '@xp/contracts';
import { isAdmin } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../../platform/files/images.ts';
import { errors } from '../../platform/http/errors.ts';
import * as repository from './picture-bank.repository.ts';

const ENTITY = 'PictureBankItem';
const NOT_FOUND = 'pictureBank.errors.notFound';

/** The picture bank is managed by admins (spec 000 section 7); the route policy says so too. */
function assertAdmin(session: Claims) {
  if (!isAdmin(session)) throw errors.forbidden();
}

async function findOrFail(db: Database, id: number): Promise<PictureBankItem> {
  const row = await repository.find(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

/** What the audit log keeps of a picture. */
const audited = (row: PictureBankItem) => ({
  fileName: row.fileName,
  pictureHash: row.pictureHash,
  category: row.category,
  isActive: row.isActive,
});

/** The uploaded name without any path, trimmed to a sensible length. */
const cleanFileName = (name: string) => {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'picture').slice(0, 255);
};

export function listPictures(db: Database, session: Claims, query: repository.PictureBankFilter) {
  assertAdmin(session);
  return repository.list(db, query);
}

export function getPicture(db: Database, session: Claims, id: number): Promise<PictureBankItem> {
  assertAdmin(session);
  return findOrFail(db, id);
}

export async function createPicture(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: { picture: UploadedFile; category: number; isActive: boolean },
  actor: Actor,
): Promise<PictureBankItem> {
  assertAdmin(session);
  const stored = await storeImage(files, form.picture, { field: 'picture' });
  return inTransaction(db, async (tx) => {
    const created = await repository.insert(tx, {
      fileHash: stored.hash,
      fileName: cleanFileName(form.picture.filename),
      category: form.category,
      isActive: form.isActive,
    });
    await audit.write(tx, actor, ENTITY, created.id, null, audited(created));
    return created;
  });
}

export async function updatePicture(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: { id: number; picture?: UploadedFile | undefined; category: number; isActive: boolean },
  actor: Actor,
): Promise<PictureBankItem> {
  assertAdmin(session);
  // Nothing is stored for a picture that does not exist.
  await findOrFail(db, form.id);
  const stored = form.picture ? await storeImage(files, form.picture, { field: 'picture' }) : undefined;
  return inTransaction(db, async (tx) => {
    if (!(await repository.lock(tx, form.id))) throw errors.notFound(NOT_FOUND);
    const before = (await repository.find(tx, form.id))!;
    // A template's banner matches its theme: a picture in use keeps its category.
    if (before.category !== form.category && (await repository.countReferences(tx, form.id)) > 0) {
      throw errors.conflict('category', 'pictureBank.errors.categoryInUse');
    }
    const after = await repository.update(tx, form.id, {
      category: form.category,
      isActive: form.isActive,
      ...(stored && form.picture
        ? { fileHash: stored.hash, fileName: cleanFileName(form.picture.filename) }
        : {}),
    });
    await audit.write(tx, actor, ENTITY, form.id, audited(before), audited(after));
    return after;
  });
}

/** Refused (409 `pictureBank.errors.inUse`) while anything (a challenge template) uses the picture. */
export async function deletePicture(db: Database, session: Claims, id: number, actor: Actor) {
  assertAdmin(session);
  await inTransaction(db, async (tx) => {
    if (!(await repository.lock(tx, id))) throw errors.notFound(NOT_FOUND);
    if ((await repository.countReferences(tx, id)) > 0) {
      throw errors.conflict('general', 'pictureBank.errors.inUse');
    }
    const before = (await repository.find(tx, id))!;
    await repository.remove(tx, id);
    await audit.write(tx, actor, ENTITY, id, audited(before), null);
  });
  return null;
}
