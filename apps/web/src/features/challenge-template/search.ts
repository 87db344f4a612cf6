import { PublicationStatus, Theme } from '@xp/contracts';
import { z } from 'zod';
import { listSearchSchema } from '@/ui/list-search';
import type { ChallengeTemplateListQuery } from './api';

const themes = Object.values(Theme) as number[];
const statuses = Object.values(PublicationStatus) as number[];

/**
 * The list's state in the URL: page, search, sort, theme (`tab`: '0', '1', '2'; none: all) and status
 * ('0' Disabled, '1' Draft, '2' Published; none: all).
 */
export const challengeTemplateSearchSchema = listSearchSchema.extend({
  status: z.enum(['0', '1', '2']).optional().catch(undefined),
});
export type ChallengeTemplateState = z.output<typeof challengeTemplateSearchSchema>;
export const defaultChallengeTemplateState: ChallengeTemplateState = {
  page: 1,
  pageSize: 25,
  direction: 'asc',
};

export const themeOf = (tab: string | undefined) =>
  tab !== undefined && themes.includes(Number(tab)) ? Number(tab) : undefined;
export const statusOf = (status: string | undefined) =>
  status !== undefined && statuses.includes(Number(status)) ? Number(status) : undefined;

const sortable = ['name', 'theme', 'status', 'createdAt'];

export function toTemplateQuery(state: ChallengeTemplateState): ChallengeTemplateListQuery {
  const theme = themeOf(state.tab);
  const status = statusOf(state.status);
  return {
    page: state.page,
    pageSize: state.pageSize,
    direction: state.direction,
    ...(state.search ? { search: state.search } : {}),
    ...(state.sort && sortable.includes(state.sort)
      ? { sort: state.sort as ChallengeTemplateListQuery['sort'] }
      : {}),
    ...(theme !== undefined ? { theme } : {}),
    ...(status !== undefined ? { status } : {}),
  };
}
