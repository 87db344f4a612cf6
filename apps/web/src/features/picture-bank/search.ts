import { Theme } from '@xp/contracts/enums';
import type { PictureBankListQuery } from '@xp/contracts/picture-bank';
import { defined, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';

/** `pictureBankCategories` of the contract (its module builds schemas; `search.test.ts` compares them). */
export const categories = [Theme.Movement, Theme.Nutrition, Theme.Relaxation] as const;

/** The grid's state in the URL: page, search, category (`tab`: '0', '1', '2'; none: all) and active filter. */
export type PictureBankState = ListState & { active?: 'active' | 'inactive' };
export function parsePictureBankSearch(input: SearchInput<PictureBankState>): PictureBankState {
  const search = input as Record<string, unknown>;
  return defined({
    ...parseListSearch(input, 48),
    active: oneOf(search.active, ['active', 'inactive'] as const),
  });
}
export const defaultPictureBankState: PictureBankState = { page: 1, pageSize: 48, direction: 'asc' };

export const categoryOf = (tab: string | undefined) =>
  tab !== undefined && (categories as readonly number[]).includes(Number(tab)) ? Number(tab) : undefined;

export function toPictureQuery(state: PictureBankState): PictureBankListQuery {
  const category = categoryOf(state.tab);
  return {
    page: state.page,
    pageSize: state.pageSize,
    direction: state.direction,
    ...(state.search ? { search: state.search } : {}),
    ...(state.sort === 'fileName' || state.sort === 'createdAt' || state.sort === 'byteSize'
      ? { sort: state.sort }
      : {}),
    ...(category !== undefined ? { category } : {}),
    ...(state.active ? { isActive: state.active === 'active' } : {}),
  };
}
