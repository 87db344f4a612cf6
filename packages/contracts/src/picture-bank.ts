import { Theme } from './enums.ts';
import {
  endpoint,
  fileUpload,
  formBoolean,
  idFromText,
  idParam,
  listQuery,
  nothing,
  paged,
  policy,
} from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['PictureBankItem'];

/** The categories of the picture bank: the `Theme` values (Movement 0, Nutrition 1, Relaxation 2). */
export const pictureBankCategories = [Theme.Movement, Theme.Nutrition, Theme.Relaxation] as const;
export const pictureBankCategory = z.coerce
  .number()
  .int()
  .refine((value) => (pictureBankCategories as readonly number[]).includes(value), {
    message: 'pictureBank.errors.category',
  });

/** `POST /PictureBankItem` (multipart): the picture (png, jpeg or webp), its category and the active flag. */
export const pictureBankItemForm = z.object({
  picture: fileUpload,
  category: pictureBankCategory,
  isActive: formBoolean.default(true),
});

/** `PUT /PictureBankItem` (multipart): a new `picture` replaces the current one; without it, it stays. */
export const pictureBankItemUpdateForm = z.object({
  id: idFromText,
  picture: fileUpload.optional(),
  category: pictureBankCategory,
  isActive: formBoolean,
});

export const pictureBankItem = z.object({
  id: z.number().int(),
  /** The name the picture was uploaded under. */
  fileName: z.string(),
  category: z.number().int(),
  isActive: z.boolean(),
  /** Stored image (`/cdn/{hash}`). */
  pictureHash: z.string(),
  /** Bytes of the stored image ("size in kb"). */
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PictureBankItem = z.infer<typeof pictureBankItem>;

export const pictureBankSortable = ['fileName', 'createdAt', 'byteSize'] as const;
/**
 * The list: paged, searched on the file name, filtered on category and active flag. `tabCounts` holds the
 * number of pictures per category (`'0'`, `'1'`, `'2'`) and `'all'` for the search and active filter.
 */
export const pictureBankListQuery = listQuery(pictureBankSortable).extend({
  // An empty `?category=` means every category (coercion would read it as 0, Movement).
  category: z.preprocess((value) => (value === '' ? undefined : value), pictureBankCategory.optional()),
  isActive: formBoolean.optional(),
});
export type PictureBankListQuery = z.input<typeof pictureBankListQuery>;

export const pictureBankEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/PictureBankItem/all',
    policy: policy.roles('Admin'),
    summary: 'The pictures of the picture bank: paged, searched on file name, by category and active flag',
    tags,
    query: pictureBankListQuery,
    response: paged(pictureBankItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/PictureBankItem/{id}',
    policy: policy.roles('Admin'),
    summary: 'One picture of the picture bank',
    tags,
    params: idParam,
    response: pictureBankItem,
  }),
  create: endpoint({
    method: 'POST',
    path: '/PictureBankItem',
    policy: policy.roles('Admin'),
    summary: 'Add a picture (multipart: picture png/jpeg, category, isActive)',
    tags,
    form: pictureBankItemForm,
    response: pictureBankItem,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/PictureBankItem',
    policy: policy.roles('Admin'),
    summary: 'Change a picture (multipart: id, category, isActive, optional new picture)',
    tags,
    form: pictureBankItemUpdateForm,
    response: pictureBankItem,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/PictureBankItem/{id}',
    policy: policy.roles('Admin'),
    summary: 'Delete a picture; refused (409) while a challenge template uses it',
    tags,
    params: idParam,
    response: nothing,
  }),
};
