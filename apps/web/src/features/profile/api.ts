import { useQueryClient } from '@tanstack/react-query';
import { userEndpoints as endpoints } from '@xp/contracts';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';

/** The signed-in user's own profile. */
export function useProfile() {
  return useApiQuery(endpoints.currentProfile);
}

/** Saves the profile; the answer (with `pendingEmail`) becomes the cached profile at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useApiMutation(endpoints.updateProfile, {
    onSuccess: (profile) => queryClient.setQueryData(apiQueryKey(endpoints.currentProfile, {}), profile),
  });
}

/** Confirms a changed address with the mailed token; a cached profile then shows the new address. */
export function useConfirmEmail() {
  return useApiMutation(endpoints.confirmEmail, { invalidates: [endpoints.currentProfile] });
}

export function useDeleteAccount() {
  return useApiMutation(endpoints.deleteAccount);
}
