import {
  type Claims,
  isAdmin,
  type Supplier,
  SupplierStatus,
  type SupplierStatusTab,
  type SupplierValues,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { findUserByEmail } from '../account/account.repository.ts';
import * as invitations from '../registration/registration.service.ts';
import * as repository from './supplier.repository.ts';

export type SupplierDeps = invitations.RegistrationDeps;

const ENTITY = 'Supplier';
const NOT_FOUND = 'supplier.errors.notFound';

const toSupplier = (row: repository.SupplierRow): Supplier => ({
  ...row,
  statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of a supplier: its company data and state (not its user count). */
const audited = ({
  userCount: _users,
  statusChangedAt: _changed,
  createdAt: _created,
  ...row
}: repository.SupplierRow) => row;

function assertAdmin(session: Claims) {
  if (!isAdmin(session)) throw errors.forbidden();
}

/**
 * A supplier the session may read and change: any for an admin; for a supplier user only its active
 * supplier (the claims keep only a Pending or Active one it acts for). Another one: 404, as if it did not exist.
 */
function assertInScope(session: Claims, id: number) {
  if (isAdmin(session)) return;
  if (session.role !== 'Supplier') throw errors.forbidden();
  if (session.activeSupplierId !== id) throw errors.notFound(NOT_FOUND);
}

export async function listSuppliers(
  db: Database,
  session: Claims,
  query: ListQuery & { status?: SupplierStatusTab | undefined },
) {
  assertAdmin(session);
  const { items, ...counts } = await repository.list(db, query);
  return { items: items.map(toSupplier), ...counts };
}

export async function getSupplier(db: Database, session: Claims, id: number): Promise<Supplier> {
  assertInScope(session, id);
  const row = await repository.find(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return toSupplier(row);
}

async function assertNameFree(db: Database, name: string, exceptId?: number) {
  await repository.lockNames(db);
  if (await repository.nameTaken(db, name, exceptId))
    throw errors.conflict('name', 'supplier.errors.nameTaken');
}

/**
 * The supplier (Pending) and the invitation of its contact, together or not at all: a name in use (409
 * name) or an address that cannot be invited (409 email, as the registration module answers) leaves
 * nothing behind. Registering with the invitation's code links the new account to the supplier.
 */
export function addSupplier(deps: SupplierDeps, session: Claims, values: SupplierValues, actor: Actor) {
  assertAdmin(session);
  return inTransaction(deps.db, async (tx) => {
    await assertNameFree(tx, values.name);
    const created = await repository.insert(tx, values);
    await audit.write(tx, actor, ENTITY, created.id, null, audited(created));
    const contact = { kind: 'supplier', supplierId: created.id, email: values.email } as const;
    await invitations.invite({ ...deps, db: tx }, session, contact, actor);
    return toSupplier(created);
  });
}

export function editSupplier(
  db: Database,
  session: Claims,
  input: SupplierValues & { id: number },
  actor: Actor,
) {
  assertInScope(session, input.id);
  const { id, ...values } = input;
  return inTransaction(db, async (tx) => {
    if (!(await repository.lock(tx, id))) throw errors.notFound(NOT_FOUND);
    await assertNameFree(tx, values.name, id);
    const before = (await repository.find(tx, id))!;
    const after = await repository.update(tx, id, values);
    await audit.write(tx, actor, ENTITY, id, audited(before), audited(after));
    return toSupplier(after);
  });
}

type Transition = 'accept' | 'deny' | 'disable' | 'reEnable';

/** From which states each action moves a supplier, and to which (decision 020). */
const transitions: Record<Transition, { from: readonly number[]; to: number }> = {
  accept: { from: [SupplierStatus.Pending, SupplierStatus.Denied], to: SupplierStatus.Active },
  deny: { from: [SupplierStatus.Pending], to: SupplierStatus.Denied },
  disable: { from: [SupplierStatus.Active], to: SupplierStatus.Disabled },
  reEnable: { from: [SupplierStatus.Disabled], to: SupplierStatus.Active },
};

const conflictKeys: Record<Transition, string> = {
  accept: 'supplier.errors.cannotAccept',
  deny: 'supplier.errors.cannotDeny',
  disable: 'supplier.errors.cannotDisable',
  reEnable: 'supplier.errors.cannotReEnable',
};

/**
 * Moves a supplier to its next state. A Disabled (or Denied) supplier drops out of its users' sessions on
 * their next request (the claims read its state), its products out of the catalogue (the product helper
 * reads it too). An accepted or denied supplier is mailed at its email address, in its account's language.
 */
export async function changeStatus(
  deps: SupplierDeps,
  session: Claims,
  id: number,
  action: Transition,
  actor: Actor,
): Promise<Supplier> {
  assertAdmin(session);
  const { from, to } = transitions[action];
  return inTransaction(deps.db, async (tx) => {
    const locked = await repository.lock(tx, id);
    if (!locked) throw errors.notFound(NOT_FOUND);
    if (!from.includes(locked.status)) throw errors.conflict('general', conflictKeys[action]);
    const after = await repository.setStatus(tx, id, to);
    await audit.write(tx, actor, ENTITY, id, { status: locked.status }, { status: to, action });
    if ((action === 'accept' || action === 'deny') && after.email) {
      const account = await findUserByEmail(tx, after.email);
      await deps.mail(tx, {
        to: after.email,
        language: account?.language ?? 'nl',
        template: 'supplierDecision',
        data: {
          supplierName: after.name,
          decision: action === 'accept' ? 'accepted' : 'denied',
          link: `${deps.publicUrl}/account/login`,
        },
      });
    }
    return toSupplier(after);
  });
}
