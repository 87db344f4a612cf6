import type { Role } from '@xp/contracts';
import { userCalls as endpoints } from '@xp/contracts/calls';
import { roles } from '@xp/contracts/enums';
import { userSortable as sortable } from '@xp/contracts/list-constants';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** The sort fields the server knows (`userListQuery` of the contract). */
type SortField = (typeof sortable)[number];
const isSortField = (value: string | undefined): value is SortField =>
  (sortable as readonly string[]).includes(value ?? '');

export const isRole = (value: string | undefined): value is Role =>
  (roles as readonly string[]).includes(value ?? '');

/** The list call for a list's state (page, search, sort), optionally of one role. */
function usersInput(state: ListState, role: Role | undefined, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return {
    query: { ...query, ...(isSortField(sort) ? { sort } : {}), ...(role ? { role } : {}), ...counts },
  };
}

/** Users for a list's state (page, search, sort) as it lives in the URL, optionally of one role. */
export function useUsers(state: ListState, role: Role | undefined, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, usersInput(state, role, counts));
}

/** One page of the same list, for the CSV export. */
export const fetchUsers = (state: ListState, role: Role | undefined) =>
  call(endpoints.list, usersInput(state, role));

/** Every user list (overview, admins) is stale after a change. */
const usersQueries: QueriedEndpoint[] = [endpoints.list];

export function useRevokeAdmin() {
  return useApiMutation(endpoints.revokeAdmin, { invalidates: usersQueries });
}

/** Mails the user the link to `/account/delete-account`; nothing changes in the lists. */
export function useRequestAccountDeletion() {
  return useApiMutation(endpoints.requestAccountDeletion);
}
