import { PublicationStatus, Theme } from '@xp/contracts/enums';
import { defined, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';
import type { ChallengeTemplateListQuery } from './api';

const themes = Object.values(Theme) as number[];
const statuses = Object.values(PublicationStatus) as number[];

/**
 * The list's state in the URL: page, search, sort, theme (`tab`: '0', '1', '2'; none: all) and status
 * ('0' Disabled, '1' Draft, '2' Published; none: all).
 */
export type ChallengeTemplateState = ListState & { status?: '0' | '1' | '2' };
export function parseChallengeTemplateSearch(
  input: SearchInput<ChallengeTemplateState>,
): ChallengeTemplateState {
  const status = oneOf((input as Record<string, unknown>).status, ['0', '1', '2'] as const);
  return defined({ ...parseListSearch(input), status });
}
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
