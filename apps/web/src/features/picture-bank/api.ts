import { pictureBankEndpoints as endpoints, type PictureBankListQuery } from '@xp/contracts';
import { type QueriedEndpoint, useApiListQuery, useApiMutation } from '@/app/api-hooks';

/** The pictures of the picture bank for the grid's state as it lives in the URL. */
export function usePictures(query: PictureBankListQuery) {
  return useApiListQuery(endpoints.list, { query });
}

/** After any change every picture bank query is stale. */
const picturesQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get];

export function useCreatePicture() {
  return useApiMutation(endpoints.create, { invalidates: picturesQueries });
}

export function useUpdatePicture() {
  return useApiMutation(endpoints.update, { invalidates: picturesQueries });
}

export function useDeletePicture() {
  return useApiMutation(endpoints.remove, { invalidates: picturesQueries });
}
