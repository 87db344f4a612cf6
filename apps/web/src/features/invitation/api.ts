import type {
  adminInvitationEndpoints,
  EndpointDefinition,
  gymEmployeeInvitationEndpoints,
} from '@xp/contracts';
import { openInvitationSortable } from '@xp/contracts/list-constants';
import type { Callable } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** A set of endpoints, each as itself or as its schema-free descriptor (`@xp/contracts/calls`). */
type Callables<T> = { [K in keyof T]: T[K] extends EndpointDefinition ? Callable<T[K]> : never };

/** The endpoint sets of open invitations; they differ only in path and policy. */
export type InvitationEndpoints =
  | Callables<typeof adminInvitationEndpoints>
  | Callables<typeof gymEmployeeInvitationEndpoints>;

/** Every set has the same schemas (see `openInvitation` in the contracts), so one set's types serve all. */
const typed = (endpoints: InvitationEndpoints) => endpoints as Callables<typeof adminInvitationEndpoints>;

type SortField = (typeof openInvitationSortable)[number];
const isSortField = (value: string | undefined): value is SortField =>
  (openInvitationSortable as readonly string[]).includes(value ?? '');

/** Open invitations, for the list's state (page, search, sort) as it lives in the URL. */
export function useOpenInvitations(
  endpoints: InvitationEndpoints,
  state: ListState,
  counts: { counts?: false } = {},
) {
  const { sort, ...query } = toListQuery(state);
  return useApiListQuery(typed(endpoints).list, {
    query: { ...query, ...(isSortField(sort) ? { sort } : {}), ...counts },
  });
}

const invitationsQueries = (endpoints: InvitationEndpoints): QueriedEndpoint[] => [typed(endpoints).list];

export function useInvite(endpoints: InvitationEndpoints) {
  return useApiMutation(typed(endpoints).create, { invalidates: invitationsQueries(endpoints) });
}

/** A new code and expiry, mailed again. */
export function useResendInvitation(endpoints: InvitationEndpoints) {
  return useApiMutation(typed(endpoints).resend, { invalidates: invitationsQueries(endpoints) });
}

export function useCancelInvitation(endpoints: InvitationEndpoints) {
  return useApiMutation(typed(endpoints).cancel, { invalidates: invitationsQueries(endpoints) });
}
