import type {
  Challenge,
  ChallengeCreateFormValues,
  ChallengeOwner,
  ChallengeSpanTemplate,
  ChallengeUpdateFormValues,
  Claims,
  ServerFormOf,
} from '@xp/contracts';
import {
  challengeOwnerOf,
  challengeTemplateSnapshot,
  checkChallengeRules,
  PublicationStatus,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import { toTemplate } from '../challenge-template/challenge-template.service.ts';
import * as repository from './challenge.repository.ts';

const ENTITY = 'Challenge';
const NOT_FOUND = 'challenge.errors.notFound';
const TEMPLATE_NOT_AVAILABLE = 'challenge.errors.templateNotAvailable';

type CreateForm = ServerFormOf<ChallengeCreateFormValues>;
type UpdateForm = ServerFormOf<ChallengeUpdateFormValues>;

/** The owner the session works for (`challengeOwnerOf`); without one the session may not use challenges. */
function ownerOf(session: Claims): ChallengeOwner {
  const owner = challengeOwnerOf(session);
  if (!owner) throw errors.forbidden();
  return owner;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toChallenge(row: repository.ChallengeRow): Challenge {
  return {
    id: row.id,
    challengeTemplateId: row.challengeTemplateId,
    challengeTemplatePlainModel: row.templateSnapshot,
    locationId: row.locationId,
    employerId: row.employerId,
    associationId: row.associationId,
    hasDate: row.startDate !== null,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    hasFromDate: row.fromDate !== null,
    fromDate: iso(row.fromDate),
    fromEndDate: iso(row.fromEndDate),
    entreoPointsReward: row.entreoPointsReward,
    isActive: row.isActive,
    sendNotifications: row.sendNotifications,
    createdByPlatform: row.createdByPlatform,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findOrFail(db: Database, owner: ChallengeOwner, id: number, lock = false) {
  const row = lock ? await repository.lock(db, owner, id) : await repository.find(db, owner, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

/** The stored fields of a form; dates of a switched-off period are not kept. */
function values(form: CreateForm | UpdateForm) {
  const withDate = form.hasDate === true;
  const withFromDate = form.hasFromDate === true;
  return {
    entreoPointsReward: form.entreoPointsReward,
    startDate: withDate ? (form.startDate ?? null) : null,
    endDate: withDate ? (form.endDate ?? null) : null,
    fromDate: withFromDate ? (form.fromDate ?? null) : null,
    fromEndDate: withFromDate ? (form.fromEndDate ?? null) : null,
    sendNotifications: form.sendNotifications ?? false,
  };
}

/**
 * The span rule with the template the challenge is made from (the form schema checked the date pairs
 * already): 400 `challenge.step2.validateDate` on `endDate`, in the envelope of every validation error.
 */
function checkSpan(form: CreateForm | UpdateForm, template: ChallengeSpanTemplate) {
  const issues: { key: string; message: string }[] = [];
  checkChallengeRules(form, template, (key, message) => issues.push({ key, message }));
  if (issues.length > 0) throw new AppError(400, issues);
}

export async function listChallenges(db: Database, session: Claims, query: repository.ChallengeFilter) {
  const { items, ...counts } = await repository.list(db, ownerOf(session), query);
  return { items: items.map(toChallenge), ...counts };
}

export async function popularChallengeTemplates(
  db: Database,
  session: Claims,
  query: repository.PopularFilter,
) {
  ownerOf(session);
  return repository.popular(db, query);
}

export async function getChallenge(db: Database, session: Claims, id: number) {
  return toChallenge(await findOrFail(db, ownerOf(session), id));
}

/**
 * Makes a challenge for the session's owner from an active, published template, with a copy of the
 * template as it is now. A platform administrator's challenge says so (`createdByPlatform`).
 */
export function createChallenge(db: Database, session: Claims, form: CreateForm, actor: Actor) {
  const owner = ownerOf(session);
  return inTransaction(db, async (tx) => {
    const template = await repository.findTemplate(tx, form.challengeTemplateId);
    if (!template?.isActive || template.status !== PublicationStatus.Published)
      throw errors.conflict('challengeTemplateId', TEMPLATE_NOT_AVAILABLE);
    checkSpan(form, template);
    const created = await repository.insert(tx, {
      challengeTemplateId: template.id,
      templateSnapshot: challengeTemplateSnapshot.parse(toTemplate(template)),
      name: template.name,
      ...repository.ownerColumns(owner),
      ...values(form),
      isActive: form.isActive ?? true,
      createdByPlatform: session.role === 'Admin',
      createdBy: session.userId,
    });
    await audit.write(tx, actor, ENTITY, created.id, null, created);
    return toChallenge(created);
  });
}

/** Changes a challenge of the owner; its template stays, the span rule uses the copy made with it. */
export function updateChallenge(db: Database, session: Claims, form: UpdateForm, actor: Actor) {
  const owner = ownerOf(session);
  return inTransaction(db, async (tx) => {
    const before = await findOrFail(tx, owner, form.id, true);
    checkSpan(form, before.templateSnapshot);
    const after = await repository.update(tx, form.id, {
      ...values(form),
      isActive: form.isActive ?? before.isActive,
    });
    await audit.write(tx, actor, ENTITY, form.id, before, after);
    return toChallenge(after);
  });
}

export function setChallengeActive(
  db: Database,
  session: Claims,
  id: number,
  isActive: boolean,
  actor: Actor,
) {
  const owner = ownerOf(session);
  return inTransaction(db, async (tx) => {
    const before = await findOrFail(tx, owner, id, true);
    const after = await repository.update(tx, id, { isActive });
    await audit.write(tx, actor, ENTITY, id, before, after);
    return toChallenge(after);
  });
}

export async function deleteChallenge(db: Database, session: Claims, id: number, actor: Actor) {
  const owner = ownerOf(session);
  await inTransaction(db, async (tx) => {
    const before = await findOrFail(tx, owner, id, true);
    await repository.remove(tx, id);
    await audit.write(tx, actor, ENTITY, id, before, null);
  });
  return null;
}
