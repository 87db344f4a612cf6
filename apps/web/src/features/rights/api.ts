import { useQueryClient } from '@tanstack/react-query';
import {
  rightsGroupEndpoints as groups,
  locationRightsSortable,
  rightsEndpoints as rights,
  rightsGroupMemberSortable,
  rightsGroupSortable,
} from '@xp/contracts';
import {
  apiQueryKey,
  type QueriedEndpoint,
  useApiListQuery,
  useApiMutation,
  useApiQuery,
} from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** The list query of the URL state, with a sort field only when the server knows it. */
function listQueryOf<const S extends readonly string[]>(state: ListState, sortable: S) {
  const { sort, ...query } = toListQuery(state);
  const isKnown = (sortable as readonly string[]).includes(sort ?? '');
  return { ...query, ...(isKnown ? { sort: sort as S[number] } : {}) };
}

/* Rights of one employee of the active gym. */

export const useGymEmployeeRights = (employeeId: number) =>
  useApiQuery(
    rights.getGymEmployee,
    { params: { employeeId } },
    { enabled: Number.isInteger(employeeId) && employeeId > 0 },
  );

export function useUpdateGymEmployeeRights() {
  const queryClient = useQueryClient();
  return useApiMutation(rights.updateGymEmployee, {
    onSuccess: (saved, input) =>
      queryClient.setQueryData(apiQueryKey(rights.getGymEmployee, { params: input.params }), saved),
  });
}

/* Location rights. */

export const useLocationRightsMatrix = (
  locationId: number | null,
  state: ListState,
  counts: { counts?: false } = {},
) =>
  useApiListQuery(
    rights.locationMatrix,
    { params: { id: locationId ?? 0 }, query: { ...listQueryOf(state, locationRightsSortable), ...counts } },
    { enabled: locationId !== null },
  );

export const useLocationEmployeeRights = (locationId: number | null, employeeId: number) =>
  useApiQuery(
    rights.getLocationEmployee,
    { params: { id: locationId ?? 0, employeeId } },
    { enabled: locationId !== null && Number.isInteger(employeeId) && employeeId > 0 },
  );

export function useUpdateLocationEmployeeRights() {
  const queryClient = useQueryClient();
  return useApiMutation(rights.updateLocationEmployee, {
    onSuccess: (saved, input) => {
      queryClient.setQueryData(apiQueryKey(rights.getLocationEmployee, { params: input.params }), saved);
      return queryClient.invalidateQueries({ queryKey: apiQueryKey(rights.locationMatrix) });
    },
  });
}

/* Rights groups of the active gym. */

export const useRightsGroups = (state: ListState, counts: { counts?: false } = {}) =>
  useApiListQuery(groups.list, { query: { ...listQueryOf(state, rightsGroupSortable), ...counts } });

export const useRightsGroup = (id: number) =>
  useApiQuery(groups.get, { params: { id } }, { enabled: Number.isInteger(id) && id > 0 });

export const useRightsGroupMembers = (id: number, state: ListState, counts: { counts?: false } = {}) =>
  useApiListQuery(
    groups.members,
    { params: { id }, query: { ...listQueryOf(state, rightsGroupMemberSortable), ...counts } },
    { enabled: Number.isInteger(id) && id > 0 },
  );

/** Employees of the gym that may still join the group, for the add popup's search. */
export const useRightsGroupCandidates = (id: number, search: string, isEnabled: boolean) =>
  useApiListQuery(
    groups.candidates,
    { params: { id }, query: { pageSize: 50, ...(search ? { search } : {}) } },
    { enabled: isEnabled },
  );

/** After any change of groups or members, every group query and the employees' rights are stale. */
const groupsQueries: QueriedEndpoint[] = [
  groups.list,
  groups.get,
  groups.members,
  groups.candidates,
  rights.getGymEmployee,
];

export function useCreateRightsGroup() {
  return useApiMutation(groups.create, { invalidates: groupsQueries });
}

export function useUpdateRightsGroup() {
  return useApiMutation(groups.update, { invalidates: groupsQueries });
}

export function useDeleteRightsGroup() {
  return useApiMutation(groups.remove, { invalidates: groupsQueries });
}

export function useAddRightsGroupMembers() {
  return useApiMutation(groups.addMembers, { invalidates: groupsQueries });
}

export function useRemoveRightsGroupMember() {
  return useApiMutation(groups.removeMember, { invalidates: groupsQueries });
}
