import type {
  ChallengeTemplate,
  ChallengeTemplateFormValues,
  ChallengeTemplateUpdateFormValues,
  Claims,
  ServerFormOf,
  UploadedFile,
} from '@xp/contracts';
import { isAdmin } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isForeignKeyViolation } from '../../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../../platform/files/images.ts';
import { errors } from '../../platform/http/errors.ts';
import * as repository from './challenge-template.repository.ts';

const ENTITY = 'ChallengeTemplate';
const NOT_FOUND = 'challengeTemplate.errors.notFound';

type CreateForm = ServerFormOf<ChallengeTemplateFormValues>;
type UpdateForm = ServerFormOf<ChallengeTemplateUpdateFormValues>;

/** Templates are the platform's own content: admins only (the route policy says so too). */
function assertAdmin(session: Claims) {
  if (!isAdmin(session)) throw errors.forbidden();
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A stored template as the API answers it (challenges list templates too). */
export function toTemplate(row: repository.ChallengeTemplateRow): ChallengeTemplate {
  return {
    ...row,
    hasDate: row.startDate !== null,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    hasFromDate: row.fromDate !== null,
    fromDate: iso(row.fromDate),
    fromEndDate: iso(row.fromEndDate),
    publishDate: iso(row.publishDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findOrFail(db: Database, id: number, lock = false) {
  const row = lock ? await repository.lock(db, id) : await repository.find(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

/** The stored fields of a form; dates of a switched-off period are not kept. */
function values(
  form: CreateForm,
): Omit<repository.ChallengeTemplateValues, 'challengeBannerHash' | 'pictureBankItemId'> {
  const withDate = form.hasDate === true;
  const withFromDate = form.hasFromDate === true;
  return {
    name: form.name,
    description: form.description,
    uniqueFeatureDescription: form.uniqueFeatureDescription ?? null,
    activityDescription: form.activityDescription ?? null,
    benefitDescription: form.benefitDescription ?? null,
    theme: form.theme,
    measurement: form.measurement,
    measurementUnit: form.measurementUnit,
    activity: form.activity,
    difficulty: form.difficulty,
    status: form.status,
    completionPeriod: form.completionPeriod,
    completionAmount: form.completionAmount,
    frequencyPeriod: form.frequencyPeriod,
    frequencyAmount: form.frequencyAmount,
    frequencyPeriodAmount: form.frequencyPeriodAmount,
    measurementAmount: form.measurementAmount,
    entreoPointsReward: form.entreoPointsReward,
    startDate: withDate ? (form.startDate ?? null) : null,
    endDate: withDate ? (form.endDate ?? null) : null,
    fromDate: withFromDate ? (form.fromDate ?? null) : null,
    fromEndDate: withFromDate ? (form.fromEndDate ?? null) : null,
    publishDate: form.publishDate ?? null,
    sendNotifications: form.sendNotifications ?? false,
    thirdParty: form.thirdParty ?? false,
  };
}

/** An uploaded banner is checked and stored (by `storeImage`) before any row changes. */
const storedBanner = async (files: FilesDeps, banner: UploadedFile | undefined) =>
  banner ? (await storeImage(files, banner, { field: 'challengeBanner' })).hash : undefined;

/** A picked picture: it must exist, be active and belong to the template's theme; its image is the banner. */
async function pictureBanner(db: Database, pictureBankItemId: number, theme: number) {
  const picture = await repository.findPicture(db, pictureBankItemId);
  if (!picture) throw errors.field('pictureBankItemId', 'challengeTemplate.errors.pictureNotFound');
  if (!picture.isActive) throw errors.field('pictureBankItemId', 'challengeTemplate.errors.pictureInactive');
  if (picture.category !== theme)
    throw errors.field('pictureBankItemId', 'challengeTemplate.errors.pictureThemeMismatch');
  return { challengeBannerHash: picture.fileHash, pictureBankItemId: picture.id };
}

export async function listChallengeTemplates(
  db: Database,
  session: Claims,
  query: repository.ChallengeTemplateFilter,
) {
  assertAdmin(session);
  const { items, ...counts } = await repository.list(db, query);
  return { items: items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), ...counts };
}

export async function getChallengeTemplate(db: Database, session: Claims, id: number) {
  assertAdmin(session);
  return toTemplate(await findOrFail(db, id));
}

export async function createChallengeTemplate(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: CreateForm,
  actor: Actor,
) {
  assertAdmin(session);
  const uploaded = await storedBanner(files, form.challengeBanner);
  return inTransaction(db, async (tx) => {
    const banner = uploaded
      ? { challengeBannerHash: uploaded, pictureBankItemId: null }
      : form.pictureBankItemId !== undefined
        ? await pictureBanner(tx, form.pictureBankItemId, form.theme)
        : { challengeBannerHash: null, pictureBankItemId: null };
    const created = await repository.insert(tx, { ...values(form), ...banner });
    await audit.write(tx, actor, ENTITY, created.id, null, created);
    return toTemplate(created);
  });
}

export async function updateChallengeTemplate(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: UpdateForm,
  actor: Actor,
) {
  assertAdmin(session);
  const uploaded = await storedBanner(files, form.challengeBanner);
  return inTransaction(db, async (tx) => {
    const before = await findOrFail(tx, form.id, true);
    let banner: { challengeBannerHash: string | null; pictureBankItemId: number | null };
    if (uploaded) banner = { challengeBannerHash: uploaded, pictureBankItemId: null };
    else if (form.pictureBankItemId !== undefined)
      banner = await pictureBanner(tx, form.pictureBankItemId, form.theme);
    else if (before.pictureBankItemId !== null && form.theme !== before.theme)
      // The kept picture has to fit the new theme too.
      banner = await pictureBanner(tx, before.pictureBankItemId, form.theme);
    else
      banner = {
        challengeBannerHash: before.challengeBannerHash,
        pictureBankItemId: before.pictureBankItemId,
      };
    const after = await repository.update(tx, form.id, { ...values(form), ...banner });
    await audit.write(tx, actor, ENTITY, form.id, before, after);
    return toTemplate(after);
  });
}

/**
 * Deletes a template. Challenges made from it will refer to it with `on delete restrict`; while any does,
 * the delete is refused (409 `challengeTemplate.errors.inUse`) and the template can be switched off instead.
 */
export async function deleteChallengeTemplate(db: Database, session: Claims, id: number, actor: Actor) {
  assertAdmin(session);
  try {
    await inTransaction(db, async (tx) => {
      const before = await findOrFail(tx, id, true);
      await repository.remove(tx, id);
      await audit.write(tx, actor, ENTITY, id, before, null);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw errors.conflict('general', 'challengeTemplate.errors.inUse');
    throw error;
  }
  return null;
}

export function setChallengeTemplateActive(
  db: Database,
  session: Claims,
  id: number,
  isActive: boolean,
  actor: Actor,
) {
  assertAdmin(session);
  return inTransaction(db, async (tx) => {
    const before = await findOrFail(tx, id, true);
    const after = await repository.update(tx, id, { isActive });
    await audit.write(tx, actor, ENTITY, id, before, after);
    return toTemplate(after);
  });
}
