import { AccessType, PeriodType, SubscriptionType } from './enums.ts';
import { blankToUndefined, enumValue, timeOfDayText } from './form-values.ts';
import { endpoint, formBoolean, idParam, idSchema, listQuery, nothing, paged, policy } from './http.ts';
import { fitsAmountColumn, MAX_MONEY_CENTS, vatSplit } from './money.ts';
import { z } from './zod-setup.ts';

/*
 * Subscriptions of a gym (spec 001 §3 and §4; decision 013): what a gym sells, in one or
 * more variants, offered at some of its locations, for some age groups and time slots. The gym's age
 * groups and time slot groups are managed from the subscription screens. Money in cents.
 */

const subscriptionTags = ['Subscription'];

/** The fewest and most days of one period of `PeriodType` (weeks, months, years). */
const fewestDays = [7, 28, 365] as const;
const mostDays = [7, 31, 366] as const;
/**
 * The most payment periods a prepaid term can hold, whatever day it starts (an upper bound: the longest term
 * over the shortest period, at most the 1,001 the billing counts), for bounding its first invoice.
 */
export const mostPeriodsInTerm = (variant: {
  durationPeriodAmount: number;
  durationPeriodType: number;
  paymentPerPeriodAmount: number;
  paymentPerPeriodType: number;
}) =>
  Math.min(
    1001,
    Math.ceil(
      (variant.durationPeriodAmount * (mostDays[variant.durationPeriodType] ?? 366)) /
        (variant.paymentPerPeriodAmount * (fewestDays[variant.paymentPerPeriodType] ?? 7)),
    ),
  );
/** The VAT rates of the Netherlands, in percent; sport and fitness is 9 %. */
export const VAT_RATES = [0, 9, 21] as const;
export const DEFAULT_VAT_RATE = 9;
/** The most variants one subscription has. */
export const MAX_VARIANTS = 20;
/** The highest age an age group names. */
export const MAX_AGE = 130;

const name = z.string().trim().min(1).max(64);
/** A number of periods or entries: 1 to 1000. */
const count = z.number().int().min(1).max(1000);
const money = z.number().int().min(0).max(MAX_MONEY_CENTS);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** Ids of a list, each once (the order kept). */
const idSet = z
  .array(idSchema)
  .max(500)
  .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------------------------------------- age groups

export const ageGroupInput = z
  .object({
    name,
    minimumAge: z.number().int().min(0).max(MAX_AGE),
    maximumAge: z.number().int().min(0).max(MAX_AGE),
  })
  .superRefine((value, ctx) => {
    if (value.maximumAge < value.minimumAge) {
      ctx.addIssue({
        code: 'custom',
        path: ['maximumAge'],
        message: 'subscription.errors.maximumBelowMinimum',
      });
    }
  });
export type AgeGroupInput = z.input<typeof ageGroupInput>;
export const ageGroupUpdate = ageGroupInput.safeExtend({ id: idSchema });

export const ageGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  minimumAge: z.number().int(),
  maximumAge: z.number().int(),
  /** How many subscriptions of the gym use it (it cannot be deleted while any does). */
  subscriptionCount: z.number().int(),
});
export type AgeGroup = z.infer<typeof ageGroup>;

/** Whether a person of `age` years fits the age group (both ends included). */
export const fitsAgeGroup = (group: Pick<AgeGroup, 'minimumAge' | 'maximumAge'>, age: number) =>
  age >= group.minimumAge && age <= group.maximumAge;

export const ageGroupSortable = ['name', 'minimumAge'] as const;
export const ageGroupQuery = listQuery(ageGroupSortable);

// ------------------------------------------------------------------------------------------ time slot groups

/** Days of the week as the opening hours count them: 0 Sunday ... 6 Saturday. */
export const weekday = z.number().int().min(0).max(6);

export const timeSlotGroupInput = z
  .object({
    name,
    days: z
      .array(weekday)
      .min(1, 'subscription.errors.noDays')
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    beginTime: timeOfDayText,
    endTime: timeOfDayText,
  })
  .superRefine((value, ctx) => {
    // HH:mm texts compare as times.
    if (value.endTime <= value.beginTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'subscription.errors.endNotAfterBegin' });
    }
  });
export type TimeSlotGroupInput = z.input<typeof timeSlotGroupInput>;
export const timeSlotGroupUpdate = timeSlotGroupInput.safeExtend({ id: idSchema });

export const timeSlotGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  days: z.array(z.number().int()),
  beginTime: z.string(),
  endTime: z.string(),
  subscriptionCount: z.number().int(),
});
export type TimeSlotGroup = z.infer<typeof timeSlotGroup>;

export const timeSlotGroupSortable = ['name', 'beginTime'] as const;
export const timeSlotGroupQuery = listQuery(timeSlotGroupSortable);

// ---------------------------------------------------------------------------------------------- variants

export const variantFields = z.object({
  /** An existing variant of the subscription (a save keeps it); none: a new one. */
  id: optional(idSchema),
  name,
  oneOffCosts: money,
  oneOffCostsIncludesVat: z.boolean(),
  pricePerPeriod: money,
  pricePerPeriodIncludesVat: z.boolean(),
  /** The term of the contract: so many weeks, months or years. */
  durationPeriodAmount: count,
  durationPeriodType: enumValue(PeriodType),
  accessType: enumValue(AccessType),
  /** LimitedPerPeriod: entries per `accessPerPeriodType`; Limited: entries in all. */
  accessPerPeriodAmount: optional(count),
  accessPerPeriodType: optional(enumValue(PeriodType)),
  /** Paid every so many weeks, months or years (`pricePerPeriod` each time). */
  paymentPerPeriodAmount: count,
  paymentPerPeriodType: enumValue(PeriodType),
  /** The notice a member gives to end it: so many weeks, months or years (0: none). */
  noticePeriodAmount: z.number().int().min(0).max(1000),
  noticePeriodType: enumValue(PeriodType),
  order: z.number().int().min(0).max(100_000),
});
export type VariantFields = z.input<typeof variantFields>;

export const variant = z.object({
  id: z.number().int(),
  name: z.string(),
  oneOffCosts: z.number().int(),
  oneOffCostsIncludesVat: z.boolean(),
  pricePerPeriod: z.number().int(),
  pricePerPeriodIncludesVat: z.boolean(),
  durationPeriodAmount: z.number().int(),
  durationPeriodType: z.number().int(),
  accessType: z.number().int(),
  accessPerPeriodAmount: z.number().int().nullable(),
  accessPerPeriodType: z.number().int().nullable(),
  paymentPerPeriodAmount: z.number().int(),
  paymentPerPeriodType: z.number().int(),
  noticePeriodAmount: z.number().int(),
  noticePeriodType: z.number().int(),
  order: z.number().int(),
});
export type Variant = z.infer<typeof variant>;

// ------------------------------------------------------------------------------------------ subscriptions

export const subscriptionFields = z.object({
  type: enumValue(SubscriptionType),
  name,
  description: z.preprocess(blankToUndefined, z.string().trim().max(1000).optional()),
  order: z.number().int().min(0).max(100_000),
  vatRate: z
    .number()
    .int()
    .refine((rate) => (VAT_RATES as readonly number[]).includes(rate), {
      message: 'validation.invalidValue',
    }),
  /** The gym's locations that offer it: at least one. */
  locationIds: idSet.pipe(z.array(idSchema).min(1, 'subscription.errors.noLocations')),
  /** For these age groups only; none: every age. */
  ageGroupIds: idSet,
  /** Entry in these time slots only; none: any time the location is open. */
  timeSlotGroupIds: idSet,
  variants: z.array(variantFields).min(1, 'subscription.errors.noVariants').max(MAX_VARIANTS),
});
export type SubscriptionFields = z.input<typeof subscriptionFields>;

/**
 * The rules between the fields, for the form and the server alike: the access amount and period a
 * limited access needs, and variant names that differ.
 */
function subscriptionRules(value: z.output<typeof subscriptionFields>, ctx: z.RefinementCtx) {
  const names = new Set<string>();
  value.variants.forEach((item, index) => {
    const at = (field: string) => ['variants', index, field];
    if (item.accessType !== AccessType.Unlimited && item.accessPerPeriodAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: at('accessPerPeriodAmount'), message: 'validation.required' });
    }
    if (item.accessType === AccessType.LimitedPerPeriod && item.accessPerPeriodType === undefined) {
      ctx.addIssue({ code: 'custom', path: at('accessPerPeriodType'), message: 'validation.required' });
    }
    // A prepaid term is invoiced whole on its first invoice: its total must fit the amount columns.
    const periods = value.type === SubscriptionType.Prepaid ? mostPeriodsInTerm(item) : 1;
    const total =
      vatSplit(item.pricePerPeriod * periods, item.pricePerPeriodIncludesVat, value.vatRate).inclVat +
      vatSplit(item.oneOffCosts, item.oneOffCostsIncludesVat, value.vatRate).inclVat;
    if (!fitsAmountColumn(total)) {
      ctx.addIssue({
        code: 'custom',
        path: at('pricePerPeriod'),
        message: 'subscription.errors.termTotalTooHigh',
      });
    }
    const key = item.name.toLocaleLowerCase('nl');
    if (names.has(key)) {
      ctx.addIssue({ code: 'custom', path: at('name'), message: 'subscription.errors.variantNameTwice' });
    }
    names.add(key);
  });
}

export const subscriptionInput = subscriptionFields.superRefine(subscriptionRules);
export const subscriptionUpdate = subscriptionFields.extend({ id: idSchema }).superRefine(subscriptionRules);

export const subscriptionLocation = z.object({ id: z.number().int(), name: z.string() });

export const subscription = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  vatRate: z.number().int(),
  isActive: z.boolean(),
  locations: z.array(subscriptionLocation),
  ageGroups: z.array(ageGroup),
  timeSlotGroups: z.array(timeSlotGroup),
  variants: z.array(variant),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscription>;

export const subscriptionListItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
  variantCount: z.number().int(),
  locationCount: z.number().int(),
  /** The lowest price per period of its variants, incl. VAT, in cents (null: no variant). */
  lowestPricePerPeriod: z.number().int().nullable(),
});
export type SubscriptionListItem = z.infer<typeof subscriptionListItem>;

export const subscriptionSortable = ['order', 'name', 'type'] as const;
/** The active gym's subscriptions; tabs `active` and `inactive` with counts, `isActive` picks one. */
export const subscriptionQuery = listQuery(subscriptionSortable).extend({
  isActive: formBoolean.optional(),
});

export const setIsActiveInput = z.object({ isActive: z.boolean() });

const managed = policy.gymRight('ManageSubscriptions');

export const subscriptionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Subscription',
    policy: managed,
    summary: "The active gym's subscriptions, active or not, with tab counts",
    tags: subscriptionTags,
    query: subscriptionQuery,
    response: paged(subscriptionListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Subscription/{id}',
    policy: managed,
    summary: 'One subscription with its variants, locations, age groups and time slot groups',
    tags: subscriptionTags,
    params: idParam,
    response: subscription,
  }),
  create: endpoint({
    method: 'POST',
    path: '/Subscription',
    policy: managed,
    summary: 'Add a subscription to the active gym',
    tags: subscriptionTags,
    body: subscriptionInput,
    response: subscription,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/Subscription',
    policy: managed,
    summary: 'Change a subscription: its fields, locations, groups and variants (kept, added, removed)',
    tags: subscriptionTags,
    body: subscriptionUpdate,
    response: subscription,
  }),
  setIsActive: endpoint({
    method: 'PUT',
    path: '/Subscription/{id}/SetIsActive',
    policy: managed,
    summary: 'Activate or deactivate a subscription (a non-active one cannot be newly taken out)',
    tags: subscriptionTags,
    params: idParam,
    body: setIsActiveInput,
    response: subscription,
  }),
};

export const ageGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/AgeGroup',
    policy: managed,
    summary: "The active gym's age groups",
    tags: ['AgeGroup'],
    query: ageGroupQuery,
    response: paged(ageGroup),
  }),
  create: endpoint({
    method: 'POST',
    path: '/AgeGroup',
    policy: managed,
    summary: 'Add an age group to the active gym',
    tags: ['AgeGroup'],
    body: ageGroupInput,
    response: ageGroup,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/AgeGroup',
    policy: managed,
    summary: 'Change an age group',
    tags: ['AgeGroup'],
    body: ageGroupUpdate,
    response: ageGroup,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/AgeGroup/{id}',
    policy: managed,
    summary: 'Delete an age group no subscription uses',
    tags: ['AgeGroup'],
    params: idParam,
    response: nothing,
  }),
};

export const timeSlotGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/TimeSlotGroup',
    policy: managed,
    summary: "The active gym's time slot groups",
    tags: ['TimeSlotGroup'],
    query: timeSlotGroupQuery,
    response: paged(timeSlotGroup),
  }),
  create: endpoint({
    method: 'POST',
    path: '/TimeSlotGroup',
    policy: managed,
    summary: 'Add a time slot group to the active gym',
    tags: ['TimeSlotGroup'],
    body: timeSlotGroupInput,
    response: timeSlotGroup,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/TimeSlotGroup',
    policy: managed,
    summary: 'Change a time slot group',
    tags: ['TimeSlotGroup'],
    body: timeSlotGroupUpdate,
    response: timeSlotGroup,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/TimeSlotGroup/{id}',
    policy: managed,
    summary: 'Delete a time slot group no subscription uses',
    tags: ['TimeSlotGroup'],
    params: idParam,
    response: nothing,
  }),
};
