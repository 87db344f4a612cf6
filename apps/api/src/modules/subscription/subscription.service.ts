import type { AgeGroup, Claims, Subscription, TimeSlotGroup } from '@xp/contracts';
import { AccessType } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isForeignKeyViolation } from '../../platform/db/errors.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import * as repository from './subscription.repository.ts';
import * as groupRepository from './subscription-groups.repository.ts';

/*
 * Subscriptions, age groups and time slot groups of the active gym (decision 013). Each is the
 * gym's own: another gym's is "not found". Every change is audited.
 */

// ---------------------------------------------------------------------------------------------- age groups

export interface AgeGroupInput {
  name: string;
  minimumAge: number;
  maximumAge: number;
}

const toAgeGroup = ({ gymId: _gym, ...row }: groupRepository.AgeGroupRow): AgeGroup => row;

async function ownAgeGroup(db: Database, session: Claims, id: number, lock = false) {
  const gymId = activeTenant(session, 'gym');
  const row = await groupRepository.findAgeGroup(db, id, lock);
  if (!row || row.gymId !== gymId) throw errors.notFound('subscription.errors.ageGroupNotFound');
  return row;
}

const withUniqueAgeGroup = conflictOnUnique('name', 'subscription.errors.ageGroupNameTaken');

export async function listAgeGroups(db: Database, session: Claims, query: ListQuery) {
  const page = await groupRepository.listAgeGroups(db, activeTenant(session, 'gym'), query);
  return { ...page, items: page.items.map(toAgeGroup) };
}

export function createAgeGroup(db: Database, session: Claims, input: AgeGroupInput, actor: Actor) {
  const gymId = activeTenant(session, 'gym');
  return withUniqueAgeGroup(() =>
    inTransaction(db, async (tx) => {
      const created = toAgeGroup(await groupRepository.insertAgeGroup(tx, gymId, input));
      await audit.write(tx, actor, 'AgeGroup', created.id, null, created);
      return created;
    }),
  );
}

export function updateAgeGroup(
  db: Database,
  session: Claims,
  input: AgeGroupInput & { id: number },
  actor: Actor,
) {
  return withUniqueAgeGroup(() =>
    inTransaction(db, async (tx) => {
      const before = toAgeGroup(await ownAgeGroup(tx, session, input.id, true));
      const { id, ...values } = input;
      const after = toAgeGroup(await groupRepository.updateAgeGroup(tx, id, values));
      await audit.write(tx, actor, 'AgeGroup', id, before, after);
      return after;
    }),
  );
}

/** Refused while a subscription uses the group (locked first: a save that links it waits, or went first). */
export async function deleteAgeGroup(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const before = toAgeGroup(await ownAgeGroup(tx, session, id, true));
    if (before.subscriptionCount > 0) throw errors.conflict('general', 'subscription.errors.ageGroupInUse');
    await groupRepository.removeAgeGroup(tx, id);
    await audit.write(tx, actor, 'AgeGroup', id, before, null);
  });
  return null;
}

// ------------------------------------------------------------------------------------------ time slot groups

export interface TimeSlotGroupInput {
  name: string;
  days: number[];
  beginTime: string;
  endTime: string;
}

const toTimeSlotGroup = ({ gymId: _gym, ...row }: groupRepository.TimeSlotGroupRow): TimeSlotGroup => row;

async function ownTimeSlotGroup(db: Database, session: Claims, id: number, lock = false) {
  const gymId = activeTenant(session, 'gym');
  const row = await groupRepository.findTimeSlotGroup(db, id, lock);
  if (!row || row.gymId !== gymId) throw errors.notFound('subscription.errors.timeSlotGroupNotFound');
  return row;
}

const withUniqueTimeSlotGroup = conflictOnUnique('name', 'subscription.errors.timeSlotGroupNameTaken');

export async function listTimeSlotGroups(db: Database, session: Claims, query: ListQuery) {
  const page = await groupRepository.listTimeSlotGroups(db, activeTenant(session, 'gym'), query);
  return { ...page, items: page.items.map(toTimeSlotGroup) };
}

export function createTimeSlotGroup(db: Database, session: Claims, input: TimeSlotGroupInput, actor: Actor) {
  const gymId = activeTenant(session, 'gym');
  return withUniqueTimeSlotGroup(() =>
    inTransaction(db, async (tx) => {
      const created = toTimeSlotGroup(await groupRepository.insertTimeSlotGroup(tx, gymId, input));
      await audit.write(tx, actor, 'TimeSlotGroup', created.id, null, created);
      return created;
    }),
  );
}

export function updateTimeSlotGroup(
  db: Database,
  session: Claims,
  input: TimeSlotGroupInput & { id: number },
  actor: Actor,
) {
  return withUniqueTimeSlotGroup(() =>
    inTransaction(db, async (tx) => {
      const before = toTimeSlotGroup(await ownTimeSlotGroup(tx, session, input.id, true));
      const { id, ...values } = input;
      const after = toTimeSlotGroup(await groupRepository.updateTimeSlotGroup(tx, id, values));
      await audit.write(tx, actor, 'TimeSlotGroup', id, before, after);
      return after;
    }),
  );
}

export async function deleteTimeSlotGroup(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const before = toTimeSlotGroup(await ownTimeSlotGroup(tx, session, id, true));
    if (before.subscriptionCount > 0) {
      throw errors.conflict('general', 'subscription.errors.timeSlotGroupInUse');
    }
    await groupRepository.removeTimeSlotGroup(tx, id);
    await audit.write(tx, actor, 'TimeSlotGroup', id, before, null);
  });
  return null;
}

// ------------------------------------------------------------------------------------------ subscriptions

export interface VariantInput {
  id?: number | undefined;
  name: string;
  oneOffCosts: number;
  oneOffCostsIncludesVat: boolean;
  pricePerPeriod: number;
  pricePerPeriodIncludesVat: boolean;
  durationPeriodAmount: number;
  durationPeriodType: number;
  accessType: number;
  accessPerPeriodAmount?: number | undefined;
  accessPerPeriodType?: number | undefined;
  paymentPerPeriodAmount: number;
  paymentPerPeriodType: number;
  noticePeriodAmount: number;
  noticePeriodType: number;
  order: number;
}

export interface SubscriptionInput {
  type: number;
  name: string;
  description?: string | undefined;
  order: number;
  vatRate: number;
  locationIds: number[];
  ageGroupIds: number[];
  timeSlotGroupIds: number[];
  variants: VariantInput[];
}

/** The stored variant: the access amount and period only where the access type uses them. */
const variantValues = ({ order, ...item }: VariantInput): repository.VariantValues & { id?: number } => ({
  ...item,
  accessPerPeriodAmount:
    item.accessType === AccessType.Unlimited ? null : (item.accessPerPeriodAmount ?? null),
  accessPerPeriodType:
    item.accessType === AccessType.LimitedPerPeriod ? (item.accessPerPeriodType ?? null) : null,
  sortOrder: order,
});

/** The full subscription as the contract gives it. */
async function read(db: Database, row: repository.SubscriptionRow): Promise<Subscription> {
  const parts = await repository.subscriptionParts(db, row.id);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    order: row.sortOrder,
    vatRate: row.vatRate,
    isActive: row.isActive,
    locations: parts.locations,
    ageGroups: parts.ageGroups.map(toAgeGroup),
    timeSlotGroups: parts.timeSlotGroups.map(toTimeSlotGroup),
    variants: parts.variants.map(
      ({ sortOrder, subscriptionId: _s, createdAt: _c, updatedAt: _u, ...item }) => ({
        ...item,
        order: sortOrder,
      }),
    ),
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownSubscription(db: Database, session: Claims, id: number, lock = false) {
  const gymId = activeTenant(session, 'gym');
  const row = await repository.findSubscription(db, id, lock);
  if (!row || row.gymId !== gymId) throw errors.notFound('subscription.errors.notFound');
  return row;
}

export function listSubscriptions(
  db: Database,
  session: Claims,
  query: ListQuery & { isActive?: boolean | undefined },
) {
  return repository.listSubscriptions(db, activeTenant(session, 'gym'), query);
}

export async function getSubscription(db: Database, session: Claims, id: number) {
  return read(db, await ownSubscription(db, session, id));
}

/**
 * The links and variants of a save, checked against the gym: its own locations and groups only (another
 * gym's are "not found" on the field), and variant ids of this subscription only.
 */
async function checkParts(db: Database, gymId: number, input: SubscriptionInput, subscriptionId?: number) {
  const fields: { key: string; message: string }[] = [];
  const check = async (
    kind: 'locations' | 'ageGroups' | 'timeSlotGroups',
    field: 'locationIds' | 'ageGroupIds' | 'timeSlotGroupIds',
    message: string,
  ) => {
    const owned = await repository.ownedIds(db, kind, gymId, input[field]);
    input[field].forEach((id, index) => {
      if (!owned.has(id)) fields.push({ key: `${field}[${index}]`, message });
    });
  };
  await check('locations', 'locationIds', 'subscription.errors.locationNotInGym');
  await check('ageGroups', 'ageGroupIds', 'subscription.errors.ageGroupNotFound');
  await check('timeSlotGroups', 'timeSlotGroupIds', 'subscription.errors.timeSlotGroupNotFound');
  const own =
    subscriptionId === undefined ? new Set<number>() : await repository.variantIdsOf(db, subscriptionId);
  input.variants.forEach((item, index) => {
    if (item.id !== undefined && !own.has(item.id)) {
      fields.push({ key: `variants[${index}].id`, message: 'subscription.errors.variantNotFound' });
    }
  });
  if (fields.length > 0) throw new AppError(400, fields);
}

const subscriptionValues = (input: SubscriptionInput): repository.SubscriptionValues => ({
  type: input.type,
  name: input.name,
  description: input.description ?? null,
  sortOrder: input.order,
  vatRate: input.vatRate,
});

const withUniqueSubscription = conflictOnUnique('name', 'subscription.errors.nameTaken');

export function createSubscription(db: Database, session: Claims, input: SubscriptionInput, actor: Actor) {
  const gymId = activeTenant(session, 'gym');
  return withUniqueSubscription(() =>
    inTransaction(db, async (tx) => {
      await checkParts(tx, gymId, input);
      const id = await repository.insertSubscription(tx, gymId, subscriptionValues(input));
      await repository.replaceLinks(tx, id, input);
      await repository.saveVariants(tx, id, input.variants.map(variantValues));
      const created = await read(tx, (await repository.findSubscription(tx, id))!);
      await audit.write(tx, actor, 'Subscription', id, null, created);
      return created;
    }),
  );
}

export function updateSubscription(
  db: Database,
  session: Claims,
  input: SubscriptionInput & { id: number },
  actor: Actor,
) {
  return withUniqueSubscription(() =>
    inTransaction(db, async (tx) => {
      const row = await ownSubscription(tx, session, input.id, true);
      await checkParts(tx, row.gymId, input, row.id);
      const before = await read(tx, row);
      await repository.updateSubscription(tx, row.id, subscriptionValues(input));
      await repository.replaceLinks(tx, row.id, input);
      // A variant that members hold cannot be removed (the memberships' foreign key): deactivate instead.
      await repository.saveVariants(tx, row.id, input.variants.map(variantValues)).catch((error) => {
        if (isForeignKeyViolation(error))
          throw errors.conflict('variants', 'subscription.errors.variantInUse');
        throw error;
      });
      const after = await read(tx, (await repository.findSubscription(tx, row.id))!);
      await audit.write(tx, actor, 'Subscription', row.id, before, after);
      return after;
    }),
  );
}

/** A non-active subscription cannot be newly taken out; the memberships that run keep running. */
export function setSubscriptionActive(
  db: Database,
  session: Claims,
  id: number,
  isActive: boolean,
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    const row = await ownSubscription(tx, session, id, true);
    if (row.isActive !== isActive) {
      await repository.updateSubscription(tx, id, { isActive });
      await audit.write(tx, actor, 'Subscription', id, { isActive: row.isActive }, { isActive });
    }
    return read(tx, (await repository.findSubscription(tx, id))!);
  });
}
