import {
  type EndpointDefinition,
  memberEndpoints as endpoints,
  entryEndpoints,
  entrySortable,
  signUpEndpoints,
  subscriptionEndpoints,
  subscriptionMemberSortable,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import type { ListState } from '@/ui/list-search';
import { isId, pageOf, sortOf } from './list-api';
import type { MemberEntriesState } from './search';

// The members list's own calls are schema-free, in list-api.ts (its first screen needs no zod, decision 010).
export {
  fetchDebtors,
  fetchMembers,
  useDebtorCount,
  useDebtors,
  useGymLocations,
  useMembers,
  useMemberTabCounts,
  useSubscriptionChoices,
} from './list-api';

/** One member with their memberships (the detail, also when deep-linked). */
export function useMember(id: number) {
  return useApiQuery(endpoints.get, { params: { id } }, { enabled: isId(id) });
}

/** After a change the lists and the detail are stale (and a subscription's members tab). */
const membersQueries: QueriedEndpoint[] = [
  endpoints.list,
  endpoints.get,
  endpoints.openRegistrations,
  endpoints.subscriptionMembers,
];

/** A mutation of the member domain that refreshes what shows members afterwards. */
function useMemberMutation<E extends EndpointDefinition>(endpoint: E) {
  return useApiMutation(endpoint, { invalidates: membersQueries });
}

export const useCreateMember = () => useMemberMutation(endpoints.create);
export const useUpdateMember = () => useMemberMutation(endpoints.update);
export const useAddMembership = () => useMemberMutation(endpoints.addMembership);
export const useEndMembership = () => useMemberMutation(endpoints.endMembership);
export const usePauseMembership = () => useMemberMutation(endpoints.pauseMembership);
export const useRemovePause = () => useMemberMutation(endpoints.removePause);
export const useAnonymiseMember = () => useMemberMutation(endpoints.anonymise);
export const useCompleteRegistration = () => useMemberMutation(endpoints.completeRegistration);

/** Everything held of the member (GDPR), as JSON. */
export const fetchMemberExport = (id: number) => call(endpoints.export, { params: { id } });

// ---------------------------------------------------------------------------------------- open registrations

const openRegistrationsInput = (state: ListState) => ({
  query: { ...pageOf(state), ...sortOf(['name', 'createdAt'] as const, state.sort) },
});

/** Members who signed up and are not completed yet. */
export function useOpenRegistrations(state: ListState, counts: { counts?: false } = {}) {
  const input = openRegistrationsInput(state);
  return useApiListQuery(endpoints.openRegistrations, { query: { ...input.query, ...counts } });
}

export const fetchOpenRegistrations = (state: ListState) =>
  call(endpoints.openRegistrations, openRegistrationsInput(state));

/**
 * The link with which a member finishes the registration begun at the desk (`{ publicCode, url }`): the same
 * until it is used, so asking again is harmless (decision 018).
 */
export const useRegistrationLink = () => useApiMutation(signUpEndpoints.registrationLink);

// ------------------------------------------------------------------------------------------------ entries

const entriesInput = (memberId: number, state: MemberEntriesState) => ({
  query: {
    ...pageOf(state),
    memberId,
    ...sortOf(entrySortable, state.sort),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  },
});

/** A member's entries, newest first unless sorted otherwise, within the date range. */
export function useMemberEntries(
  memberId: number,
  state: MemberEntriesState,
  counts: { counts?: false } = {},
) {
  const input = entriesInput(memberId, state);
  return useApiListQuery(
    entryEndpoints.list,
    { query: { ...input.query, ...counts } },
    {
      enabled: isId(memberId),
    },
  );
}

export const fetchMemberEntries = (memberId: number, state: MemberEntriesState) =>
  call(entryEndpoints.list, entriesInput(memberId, state));

// ------------------------------------------------------------------------------- what can be taken out

/** The subscriptions that can be taken out: the active ones (`GET /Subscription?isActive=true`). */
export function useActiveSubscriptions(enabled = true) {
  return useApiQuery(
    subscriptionEndpoints.list,
    { query: { page: 1, pageSize: 100, sort: 'name', direction: 'asc', isActive: true } },
    { enabled },
  );
}

/** One subscription with its variants and locations (for the take-out form). */
export function useSubscriptionOffer(id: number | null) {
  return useApiQuery(
    subscriptionEndpoints.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== null && isId(id) },
  );
}

// ---------------------------------------------------------------------------- a subscription's members

const subscriptionMembersInput = (id: number, current: boolean, state: ListState) => ({
  params: { id },
  query: { ...pageOf(state), current, ...sortOf(subscriptionMemberSortable, state.sort) },
});

/** The memberships of a subscription: the current ones (running or to come) or the ended ones. */
export function useSubscriptionMembers(
  id: number,
  current: boolean,
  state: ListState,
  counts: { counts?: false } = {},
) {
  const input = subscriptionMembersInput(id, current, state);
  return useApiListQuery(endpoints.subscriptionMembers, { ...input, query: { ...input.query, ...counts } });
}

export const fetchSubscriptionMembers = (id: number, current: boolean, state: ListState) =>
  call(endpoints.subscriptionMembers, subscriptionMembersInput(id, current, state));
