import {
  type Claims,
  hasAnyGymRight,
  type Named,
  SWITCH_OPTIONS_PAGE_SIZE,
  SWITCH_OPTIONS_PREVIEW,
  type SwitchKind,
  type SwitchOptions,
  type SwitchOptionsPage,
} from '@xp/contracts';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import { cappedCount, likePattern, limitOffset, pagedTotal } from '../../platform/http/paging.ts';
import {
  associations,
  contentEnvironments,
  employers,
  gyms,
  locations,
  suppliers,
} from '../organisation/organisation.tables.ts';
import { gymIdsOfEmployee } from '../organisation/staff.ts';
import * as repository from './account.repository.ts';

type NamedTable =
  | typeof gyms
  | typeof locations
  | typeof employers
  | typeof associations
  | typeof suppliers
  | typeof contentEnvironments;

/** The rows of one kind this user may switch to. */
interface Scope {
  table: NamedTable;
  where: SQL | undefined;
  /**
   * The order, which an index holds: `lower(name), id` (gyms_list_name_idx; locations_list_gym_name_idx
   * after the gym), or `lower(name)` alone where that is unique (employers, associations).
   */
  order: SQL[];
}

/** `forbidden`: the role never switches to this kind; `empty`: it may, but there is nothing (yet). */
type ScopeOrNot = Scope | 'forbidden' | 'empty';

const byName = (table: NamedTable) => [sql`lower(${table.name})`, asc(table.id)];
const byUniqueName = (table: NamedTable) => [sql`lower(${table.name})`];

const all = (table: NamedTable, order = byName(table)): Scope => ({ table, where: undefined, order });
const only = (table: NamedTable, ids: number[], order = byName(table)): ScopeOrNot =>
  ids.length === 0 ? 'empty' : { table, where: inArray(table.id, ids), order };

/**
 * The same rules as switching itself (`resolveSwitch` in account-switching.service.ts): an admin may switch to everything; anyone to the
 * gyms they hold gym or location rights in or work at, and to the locations of the active gym they hold
 * rights for (all of them with a gym right); an employer's and a supplier's users to their own.
 */
async function scopeOf(db: Database, session: Claims, kind: SwitchKind): Promise<ScopeOrNot> {
  const isAdmin = session.role === 'Admin';
  switch (kind) {
    case 'gym': {
      if (isAdmin) return all(gyms);
      const { gymRows, locationRows } = await repository.loadRights(db, session.userId);
      const ids = new Set([
        ...gymRows.map((row) => row.gymId),
        ...locationRows.map((row) => row.gymId),
        ...(await gymIdsOfEmployee(db, session.userId)),
      ]);
      return only(gyms, [...ids]);
    }
    case 'location': {
      const gymId = session.activeGymId;
      if (gymId === null) return 'empty';
      const inGym = eq(locations.gymId, gymId);
      if (isAdmin || hasAnyGymRight(session, gymId)) return { ...all(locations), where: inGym };
      const { locationRows } = await repository.loadRights(db, session.userId);
      const ids = [
        ...new Set(locationRows.filter((row) => row.gymId === gymId).map((row) => row.locationId)),
      ];
      return ids.length === 0
        ? 'empty'
        : { table: locations, where: and(inGym, inArray(locations.id, ids)), order: byName(locations) };
    }
    case 'employer':
      if (isAdmin) return all(employers, byUniqueName(employers));
      if (session.role !== 'Employer') return 'forbidden';
      return only(employers, await repository.employerIdsOfUser(db, session.userId), byUniqueName(employers));
    case 'association':
      return isAdmin ? all(associations, byUniqueName(associations)) : 'forbidden';
    case 'contentEnvironment':
      return isAdmin ? all(contentEnvironments) : 'forbidden';
    case 'supplier':
      if (isAdmin) return all(suppliers);
      if (session.role !== 'Supplier') return 'forbidden';
      return only(suppliers, await repository.supplierIdsOfUser(db, session.userId));
  }
}

const activeIdOf = (session: Claims, kind: SwitchKind): number | null => {
  switch (kind) {
    case 'gym':
      return session.activeGymId;
    case 'location':
      return session.activeLocationId;
    case 'employer':
      return session.activeEmployerId;
    case 'association':
      return session.activeAssociationId;
    case 'contentEnvironment':
      return session.activeContentEnvironmentId;
    case 'supplier':
      return session.activeSupplierId;
  }
};

const select = (db: Database, scope: Scope) =>
  db.select({ id: scope.table.id, name: scope.table.name }).from(scope.table);

/** The switcher's list of one kind: a page of `SWITCH_OPTIONS_PAGE_SIZE`, searched and ordered by name. */
export async function switchOptionsPage(
  db: Database,
  session: Claims,
  kind: SwitchKind,
  query: { search?: string | undefined; page: number },
): Promise<SwitchOptionsPage> {
  const { limit, offset } = limitOffset({
    page: query.page,
    pageSize: SWITCH_OPTIONS_PAGE_SIZE,
    direction: 'asc',
  });
  const scope = await scopeOf(db, session, kind);
  if (scope === 'forbidden') throw errors.forbidden(`${kind}.switch.error`);
  if (scope === 'empty') return { items: [], total: 0 };
  // A trigram index on the name serves the search (`ILIKE '%text%'`), as in the admin lists.
  const where = and(
    scope.where,
    query.search ? ilike(scope.table.name, likePattern(query.search)) : undefined,
  );
  const items = await select(db, scope)
    .where(where)
    .orderBy(...scope.order)
    .limit(limit)
    .offset(offset);
  const count = await cappedCount(db, db.select({ one: sql`1` }).from(scope.table).where(where));
  return { items, ...pagedTotal(count) };
}

/** Per kind the first few by name and the active one: whether a switcher shows, and the active names. */
export async function switchOptionsPreview(db: Database, session: Claims): Promise<SwitchOptions> {
  const preview = async (kind: SwitchKind): Promise<Named[]> => {
    const scope = await scopeOf(db, session, kind);
    if (scope === 'forbidden' || scope === 'empty') return [];
    const first = await select(db, scope)
      .where(scope.where)
      .orderBy(...scope.order)
      .limit(SWITCH_OPTIONS_PREVIEW);
    const activeId = activeIdOf(session, kind);
    if (activeId === null || first.some((item) => item.id === activeId)) return first;
    const active = await select(db, scope).where(and(scope.where, eq(scope.table.id, activeId)));
    return [...first, ...active];
  };
  // One kind after the other: a request holds one pooled connection at a time (decision 009).
  return {
    gyms: await preview('gym'),
    locations: await preview('location'),
    employers: await preview('employer'),
    associations: await preview('association'),
    contentEnvironments: await preview('contentEnvironment'),
    suppliers: await preview('supplier'),
  };
}
