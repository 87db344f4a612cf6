import { StoreItemCategory } from './enums.ts';
import { fileHash } from './files.ts';
import { blankToUndefined, enumValue, optionalEnumValue } from './form-values.ts';
import {
  endpoint,
  fileUpload,
  idFromText,
  idParam,
  idSchema,
  listQuery,
  nothing,
  paged,
  policy,
} from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['StoreItem'];
const orderTags = ['StoreRedemption'];
const adminOnly = policy.roles('Admin');
/** Employer staff, or an admin who switched into the employer environment; scoped to the active employer. */
const adminOrEmployer = policy.roles('Admin', 'Employer');

/** The categories of a store item (spec 000 section 3): 0 none, 1 gym clothing, 2 accessories, 3 tickets. */
export const storeItemCategories = [
  StoreItemCategory.None,
  StoreItemCategory.SportClothes,
  StoreItemCategory.Accessories,
  StoreItemCategory.Tickets,
] as const;

/**
 * The VAT percentage the platform owes when XP (a multi-purpose voucher) is spent on an item: 9 for
 * tickets, 21 for everything else. Copied onto each redemption as it was.
 */
export const STORE_VAT_PERCENTAGE: Readonly<Record<number, number>> = {
  [StoreItemCategory.None]: 21,
  [StoreItemCategory.SportClothes]: 21,
  [StoreItemCategory.Accessories]: 21,
  [StoreItemCategory.Tickets]: 9,
};
export const storeVatPercentage = (category: number): number => STORE_VAT_PERCENTAGE[category] ?? 21;

/** Delivery status of a redemption (an order of the store). */
export const RedemptionStatus = { Ordered: 0, Sent: 1, Delivered: 2, Cancelled: 3 } as const;
export type RedemptionStatus = (typeof RedemptionStatus)[keyof typeof RedemptionStatus];
export const redemptionStatuses = [0, 1, 2, 3] as const;
/** Delivered and cancelled orders change no more (a cancelled one was refunded, once). */
export const isFinalRedemptionStatus = (status: number) =>
  status === RedemptionStatus.Delivered || status === RedemptionStatus.Cancelled;

export const STORE_NAME_MAX = 64;
export const STORE_DESCRIPTION_MAX = 512;
/** The most an item may cost: 1,000,000 XP (EUR 10,000). */
export const STORE_MAX_COST = 1_000_000;
export const STORE_MAX_STOCK = 100_000;

/** A form text part of digits as its number (a client form sends the number); blank parts as not given. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' && /^-?\d+$/.test(given.trim()) ? Number(given) : given;
    },
    z
      .number()
      .int('validation.digitsOnly')
      .min(min, min === 1 ? 'validation.greaterThanZero' : 'validation.tooSmall')
      .max(max),
  );

/** The fields of the store product modal (spec 000 section 5: step 1 name and description, step 2 price, stock). */
export const storeItemFields = z.object({
  name: z.string().trim().min(1).max(STORE_NAME_MAX),
  description: z.string().trim().min(1).max(STORE_DESCRIPTION_MAX),
  storeItemCategory: enumValue(StoreItemCategory),
  /** Price in XP, a plain whole number. */
  cost: wholeNumber(1, STORE_MAX_COST),
  stock: wholeNumber(0, STORE_MAX_STOCK),
});
export type StoreItemFields = z.input<typeof storeItemFields>;

const imageFields = {
  /** A new image (png, jpeg, webp). */
  image: fileUpload.optional(),
  /** Or an image stored before (a file's hash), e.g. the item's current one or another item's. */
  imageCdnHash: z.preprocess(blankToUndefined, fileHash.optional()),
};

/**
 * `POST /storeitem` (multipart): an image or the hash of a stored one is required. `employerId`: an
 * admin adds an employer's item (left out: the platform's); an employer's own items are always its
 * active employer's.
 */
export const storeItemForm = storeItemFields
  .extend({ ...imageFields, employerId: z.preprocess(blankToUndefined, idFromText.optional()) })
  .superRefine((value, ctx) => {
    if (value.image === undefined && value.imageCdnHash === undefined)
      ctx.addIssue({ code: 'custom', path: ['image'], message: 'store.errors.imageRequired' });
  });
/** `PUT /storeitem` (multipart): a new `image` or `imageCdnHash` replaces the image; with neither it stays. */
export const storeItemUpdateForm = storeItemFields.extend({ ...imageFields, id: idFromText });

export const storeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  cost: z.number().int(),
  storeItemCategory: z.number().int(),
  /** Null: the platform's item, in every employer's shop. */
  employerId: z.number().int().nullable(),
  employerName: z.string().nullable(),
  stock: z.number().int(),
  /** The stored image (`/cdn/{hash}`). */
  imageCdnHash: z.string().nullable(),
  /** The same (the spec's other name of it). */
  cdnHash: z.string().nullable(),
  vatPercentage: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type StoreItem = z.infer<typeof storeItem>;

export const storeItemSortable = ['name', 'cost', 'stock'] as const;
/** Tabs: the categories (`tabCounts` keys `all`, `0`..`3`). */
const storeItemListFields = {
  storeItemCategory: optionalEnumValue(StoreItemCategory),
};
/**
 * The admin's list: the platform's items (`owner=platform`, the default), every employer's (`employers`),
 * both (`all`), or one employer's (`employerId`).
 */
export const storeItemListQuery = listQuery(storeItemSortable).extend({
  ...storeItemListFields,
  owner: z.enum(['platform', 'employers', 'all']).default('platform'),
  employerId: idFromText.optional(),
});
export type StoreItemListQuery = z.input<typeof storeItemListQuery>;
/** An employer's shop: the platform's items and its own (`owner=all`, the default), or one of the two. */
export const employerShopQuery = listQuery(storeItemSortable).extend({
  ...storeItemListFields,
  owner: z.enum(['all', 'platform', 'own']).default('all'),
});
export type EmployerShopQuery = z.input<typeof employerShopQuery>;

/** `POST /storeitem/{id}/Redeem`: the employer in whose shop it is bought (needed only with several). */
export const redeemBody = z.object({ employerId: idSchema.optional() }).strict();
export type RedeemBody = z.input<typeof redeemBody>;

/** An order of the store: an item bought with XP by an employee, with its delivery status. */
export const storeRedemption = z.object({
  id: z.number().int(),
  storeItemId: z.number().int().nullable(),
  itemName: z.string(),
  itemImageCdnHash: z.string().nullable(),
  /** Null: the platform's item (or the item is gone). */
  itemEmployerId: z.number().int().nullable(),
  cost: z.number().int(),
  vatPercentage: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  employerId: z.number().int().nullable(),
  employerName: z.string().nullable(),
  status: z.number().int(),
  statusChangedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Whether this session may change its status (the item's owner; never once final). */
  canChangeStatus: z.boolean(),
});
export type StoreRedemption = z.infer<typeof storeRedemption>;

export const redemptionSortable = ['createdAt'] as const;
/** Tabs: all, or one status (`tabCounts` keys `all`, `0`..`3`); search on the item and the employee. */
export const redemptionListQuery = listQuery(redemptionSortable).extend({
  status: optionalEnumValue(RedemptionStatus),
  /** Admin: one employer's orders. */
  employerId: idFromText.optional(),
});
export type RedemptionListQuery = z.input<typeof redemptionListQuery>;
export const employerRedemptionQuery = listQuery(redemptionSortable).extend({
  status: optionalEnumValue(RedemptionStatus),
});
export type EmployerRedemptionQuery = z.input<typeof employerRedemptionQuery>;

export const redemptionStatusBody = z.object({ status: enumValue(RedemptionStatus) }).strict();
export type RedemptionStatusBody = z.input<typeof redemptionStatusBody>;

export const storeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/storeitem',
    policy: adminOnly,
    summary:
      "The store's items: the platform's, or employers' (filter); paged, searched on name, by category",
    tags,
    query: storeItemListQuery,
    response: paged(storeItem),
  }),
  employerShop: endpoint({
    method: 'GET',
    path: '/storeitem/employer/{id}',
    policy: adminOrEmployer,
    summary: "An employer's shop: the platform's items and its own (id: the active employer)",
    tags,
    params: idParam,
    query: employerShopQuery,
    response: paged(storeItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/storeitem/{id}',
    policy: adminOrEmployer,
    summary: "One store item (an employer: the platform's and its own)",
    tags,
    params: idParam,
    response: storeItem,
  }),
  create: endpoint({
    method: 'POST',
    path: '/storeitem',
    policy: adminOrEmployer,
    summary: 'Add a store item (multipart: image or imageCdnHash, name, description, cost, category, stock)',
    tags,
    form: storeItemForm,
    response: storeItem,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/storeitem',
    policy: adminOrEmployer,
    summary: 'Change a store item (multipart; a new image or imageCdnHash replaces the image)',
    tags,
    form: storeItemUpdateForm,
    response: storeItem,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/storeitem/{id}',
    policy: adminOrEmployer,
    summary: 'Delete a store item; refused (409) while orders of it are not delivered or cancelled',
    tags,
    params: idParam,
    response: nothing,
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/storeitem/{id}/Redeem',
    policy: policy.signedIn,
    summary: "Buy an item with the signed-in employee's XP (stock minus one; 409 without stock or XP)",
    tags,
    params: idParam,
    body: redeemBody,
    response: storeRedemption,
  }),
  orders: endpoint({
    method: 'GET',
    path: '/StoreRedemption',
    policy: adminOnly,
    summary: "Every employer's store orders (admin), by status, searched on item and employee",
    tags: orderTags,
    query: redemptionListQuery,
    response: paged(storeRedemption),
  }),
  employerOrders: endpoint({
    method: 'GET',
    path: '/StoreRedemption/employer/{id}',
    policy: adminOrEmployer,
    summary: "The store orders of an employer's employees (id: the active employer), by status",
    tags: orderTags,
    params: idParam,
    query: employerRedemptionQuery,
    response: paged(storeRedemption),
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/StoreRedemption/{id}/Status',
    policy: adminOrEmployer,
    summary: "Change an order's delivery status (the item's owner); Cancelled refunds the XP, once",
    tags: orderTags,
    params: idParam,
    body: redemptionStatusBody,
    response: storeRedemption,
  }),
};

export type StoreItemFormValues = z.output<typeof storeItemForm>;
export type StoreItemUpdateFormValues = z.output<typeof storeItemUpdateForm>;
