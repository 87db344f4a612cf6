import { useQueryClient } from '@tanstack/react-query';
import { pictureBankEndpoints as endpoints, type PictureBankListQuery } from '@xp/contracts';
import { apiQueryKey, useApiListQuery, useApiMutation } from '@/app/api-hooks';

/** The pictures of the picture bank for the grid's state as it lives in the URL. */
export function usePictures(query: PictureBankListQuery) {
  return useApiListQuery(endpoints.list, { query });
}

/** After any change every picture bank query is stale. */
function useInvalidatePictures() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.list) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
    ]);
}

export function useCreatePicture() {
  const invalidate = useInvalidatePictures();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdatePicture() {
  const invalidate = useInvalidatePictures();
  return useApiMutation(endpoints.update, { onSuccess: () => invalidate() });
}

export function useDeletePicture() {
  const invalidate = useInvalidatePictures();
  return useApiMutation(endpoints.remove, { onSuccess: () => invalidate() });
}
