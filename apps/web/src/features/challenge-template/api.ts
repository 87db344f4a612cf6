import {
  type challengeTemplateListQuery,
  challengeTemplateEndpoints as endpoints,
  pictureBankEndpoints,
} from '@xp/contracts';
import type { z } from 'zod';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';

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
const templatesQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get];

export function useCreateTemplate() {
  return useApiMutation(endpoints.create, { invalidates: templatesQueries });
}

export function useUpdateTemplate() {
  return useApiMutation(endpoints.update, { invalidates: templatesQueries });
}

export function useSetTemplateActive() {
  return useApiMutation(endpoints.setIsActive, { invalidates: templatesQueries });
}

export function useDeleteTemplate() {
  return useApiMutation(endpoints.remove, { invalidates: templatesQueries });
}
