import { useQueryClient } from '@tanstack/react-query';
import { adminInvitationEndpoints as endpoints } from '@xp/contracts';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** The sort fields the server knows (`listQuery` of the contract). */
const sortable = endpoints.list.query.shape.sort.unwrap().options;
type SortField = (typeof sortable)[number];
const isSortField = (value: string | undefined): value is SortField =>
  (sortable as readonly string[]).includes(value ?? '');

/** Open admin invitations, for the list's state (page, search, sort) as it lives in the URL. */
export function useAdminInvitations(state: ListState) {
  const { sort, ...query } = toListQuery(state);
  return useApiQuery(
    endpoints.list,
    { query: { ...query, ...(isSortField(sort) ? { sort } : {}) } },
    { placeholderData: (previous) => previous },
  );
}

function useInvalidateAdminInvitations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.list) });
}

export function useInviteAdmin() {
  const invalidate = useInvalidateAdminInvitations();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

/** A new code and expiry, mailed again. */
export function useResendAdminInvitation() {
  const invalidate = useInvalidateAdminInvitations();
  return useApiMutation(endpoints.resend, { onSuccess: () => invalidate() });
}

export function useCancelAdminInvitation() {
  const invalidate = useInvalidateAdminInvitations();
  return useApiMutation(endpoints.cancel, { onSuccess: () => invalidate() });
}
