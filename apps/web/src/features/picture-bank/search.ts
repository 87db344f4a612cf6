import { type PictureBankListQuery, pictureBankCategories } from '@xp/contracts';
import { z } from 'zod';
import { listSearchSchema } from '@/ui/list-search';

/** The grid's state in the URL: page, search, category (`tab`: '0', '1', '2'; none: all) and active filter. */
export const pictureBankSearchSchema = listSearchSchema.extend({
  pageSize: z.number().int().min(1).max(100).catch(48).default(48),
  active: z.enum(['active', 'inactive']).optional().catch(undefined),
});
export type PictureBankState = z.output<typeof pictureBankSearchSchema>;
export const defaultPictureBankState: PictureBankState = { page: 1, pageSize: 48, direction: 'asc' };

export const categoryOf = (tab: string | undefined) =>
  tab !== undefined && (pictureBankCategories as readonly number[]).includes(Number(tab))
    ? Number(tab)
    : undefined;

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
