import { useQueryClient } from '@tanstack/react-query';
import {
  type challengeTemplateListQuery,
  challengeTemplateEndpoints as endpoints,
  pictureBankEndpoints,
} from '@xp/contracts';
import type { z } from 'zod';
import { call } from '@/app/api-client';
import { apiQueryKey, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';

export type ChallengeTemplateListQuery = z.input<typeof challengeTemplateListQuery>;

/** The challenge templates for the list's state as it lives in the URL. */
export function useChallengeTemplates(query: ChallengeTemplateListQuery) {
  return useApiListQuery(endpoints.list, { query });
}

/**
 * One whole template, for the wizard (a row of the list holds only its columns); nothing asked without an
 * id.
 */
export function useChallengeTemplate(id: number | undefined) {
  return useApiQuery(endpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
}

/** One page of the same list, for the CSV export. */
export const fetchChallengeTemplates = (query: ChallengeTemplateListQuery) => call(endpoints.list, { query });

/** The active pictures of the picture bank of one category (the theme), for the banner step. */
export function useBannerPictures(category: number, page: number, pageSize: number) {
  return useApiListQuery(pictureBankEndpoints.list, {
    query: { category, isActive: true, page, pageSize, direction: 'asc', sort: 'createdAt' },
  });
}

/** After any change every challenge template query is stale. */
function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.list) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
    ]);
}

export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useApiMutation(endpoints.update, { onSuccess: () => invalidate() });
}

export function useSetTemplateActive() {
  const invalidate = useInvalidateTemplates();
  return useApiMutation(endpoints.setIsActive, { onSuccess: () => invalidate() });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useApiMutation(endpoints.remove, { onSuccess: () => invalidate() });
}
