import { gymEmployeeCalls as gym, locationEmployeeCalls as location } from '@xp/contracts/calls';
import { gymEmployeeSortable, locationEmployeeSortable } from '@xp/contracts/list-constants';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const knownSort = <S extends readonly string[]>(sortable: S, sort: string | undefined) =>
  (sortable as readonly string[]).includes(sort ?? '') ? { sort: sort as S[number] } : {};

/** Employees of the active gym, for the list's state (page, search, sort) as it lives in the URL. */
export function useGymEmployees(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(gym.list, gymEmployeesInput(state, counts));
}

/** The list call for a list's state (page, search, sort); `counts` from `useListCounts`. */
function gymEmployeesInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return { query: { ...query, ...knownSort(gymEmployeeSortable, sort), ...counts } };
}

/** One page of the same list, for the CSV export. */
export const fetchGymEmployees = (state: ListState) => call(gym.list, gymEmployeesInput(state));

export function useGymEmployee(employeeId: number) {
  return useApiQuery(
    gym.get,
    { params: { employeeId } },
    { enabled: Number.isInteger(employeeId) && employeeId > 0 },
  );
}

/** After a change every employee list and detail may be stale (gym and location side). */
const employeesQueries: QueriedEndpoint[] = [
  gym.list,
  gym.get,
  location.list,
  location.get,
  location.knownUsers,
];

export function useRemoveGymEmployee() {
  return useApiMutation(gym.remove, { invalidates: employeesQueries });
}

export function useLocationEmployees(locationId: number, state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return useApiListQuery(location.list, {
    params: { id: locationId },
    query: { ...query, ...knownSort(locationEmployeeSortable, sort), ...counts },
  });
}

export function useLocationEmployee(locationId: number, employeeId: number) {
  return useApiQuery(
    location.get,
    { params: { id: locationId, employeeId } },
    { enabled: Number.isInteger(employeeId) && employeeId > 0 },
  );
}

/** Employees of the location's gym who do not work there yet, for the picker. */
export function useKnownUsers(locationId: number, search: string, enabled: boolean) {
  return useApiListQuery(
    location.knownUsers,
    { query: { locationId, search: search || undefined, pageSize: 50 } },
    { enabled },
  );
}

export function useAddLocationEmployees() {
  return useApiMutation(location.add, { invalidates: employeesQueries });
}

export function useRemoveLocationEmployee() {
  return useApiMutation(location.remove, { invalidates: employeesQueries });
}
