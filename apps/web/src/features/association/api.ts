import {
  associationLocationSortable,
  associationSortable,
  associationEndpoints as endpoints,
  type FormOf,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { queriesOf, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** The server's sort field when the URL holds one it knows; anything else falls back to the default order. */
const sortOf = <S extends string>(sortable: readonly S[], sort: string | undefined): { sort?: S } =>
  (sortable as readonly string[]).includes(sort ?? '') ? { sort: sort as S } : {};

const listQuery = <S extends string>(state: ListState, sortable: readonly S[]) => {
  const { sort, ...query } = toListQuery(state);
  return { ...query, ...sortOf(sortable, sort) };
};

/** All associations (admin), for the list's state as it lives in the URL; `counts` from `useListCounts`. */
export function useAssociations(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, { query: { ...listQuery(state, associationSortable), ...counts } });
}

/** One page of the same list, for the CSV export. */
export const fetchAssociations = (state: ListState) =>
  call(endpoints.list, { query: listQuery(state, associationSortable) });

export function useAssociation(id: number) {
  return useApiQuery(endpoints.get, { params: { id } }, { enabled: Number.isInteger(id) && id > 0 });
}

/** The locations of one association (admin detail); `counts` from `useListCounts`. */
export function useAssociationLocations(id: number, state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(
    endpoints.locations,
    { params: { id }, query: { ...listQuery(state, associationLocationSortable), ...counts } },
    { enabled: Number.isInteger(id) && id > 0 },
  );
}

/** Locations in no association matching `search`: what the add picker offers. */
export function useLocationsWithoutAssociation(search: string, enabled: boolean, pageSize: number) {
  return useApiListQuery(
    endpoints.noAssociationLocations,
    { query: { page: 1, pageSize, ...(search ? { search } : {}) } },
    { enabled },
  );
}

/** The active association of the association environment. */
export function useActiveAssociation(enabled = true) {
  return useApiQuery(endpoints.active, undefined, { enabled });
}

export function useActiveAssociationLocations(
  state: ListState,
  enabled = true,
  counts: { counts?: false } = {},
) {
  return useApiListQuery(
    endpoints.activeLocations,
    { query: { ...listQuery(state, associationLocationSortable), ...counts } },
    { enabled },
  );
}

/** After any change every association query is stale (lists, details, locations, the free locations). */
const associationsQueries = queriesOf(endpoints);

export type AssociationFormValues = FormOf<typeof endpoints.create>;
export type AssociationUpdateValues = FormOf<typeof endpoints.update>;

export function useCreateAssociation() {
  return useApiMutation(endpoints.create, { invalidates: associationsQueries });
}

export function useUpdateAssociation() {
  return useApiMutation(endpoints.update, { invalidates: associationsQueries });
}

export function useDeleteAssociation() {
  return useApiMutation(endpoints.remove, { invalidates: associationsQueries });
}

export function useAddAssociationLocation() {
  return useApiMutation(endpoints.addLocation, { invalidates: associationsQueries });
}

export function useRemoveAssociationLocation() {
  return useApiMutation(endpoints.removeLocation, { invalidates: associationsQueries });
}
