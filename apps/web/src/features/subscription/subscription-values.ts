import {
  AccessType,
  DEFAULT_VAT_RATE,
  PeriodType,
  type Subscription,
  SubscriptionType,
  subscriptionInput,
} from '@xp/contracts';
import type { Control, FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { errorsOf } from '@/ui/form-errors';

// ---------------------------------------------------------------------------------------------- the values

/** One variant as the form edits it; an emptied number is null (the schema says 'required' for it). */
export interface VariantFormValues {
  /** An existing variant (a save keeps it by this id); none: a new one. */
  id?: number | undefined;
  name: string;
  /** Money in cents (entered in euros). */
  oneOffCosts: number | null;
  oneOffCostsIncludesVat: boolean;
  pricePerPeriod: number | null;
  pricePerPeriodIncludesVat: boolean;
  durationPeriodAmount: number | null;
  durationPeriodType: number;
  accessType: number;
  accessPerPeriodAmount: number | null;
  accessPerPeriodType: number | null;
  paymentPerPeriodAmount: number | null;
  paymentPerPeriodType: number;
  noticePeriodAmount: number | null;
  noticePeriodType: number;
  order: number | null;
}

export interface SubscriptionFormValues {
  type: number;
  name: string;
  description: string;
  order: number | null;
  vatRate: number;
  locationIds: number[];
  ageGroupIds: number[];
  timeSlotGroupIds: number[];
  variants: VariantFormValues[];
}

export type SubscriptionFormOutput = z.output<typeof subscriptionInput>;

/**
 * The contract's `subscriptionInput`, the rules the server checks, typed by the values the form holds
 * (nulls for emptied numbers, which it refuses as 'required').
 */
export const subscriptionFormSchema = subscriptionInput as unknown as z.ZodType<
  SubscriptionFormOutput,
  SubscriptionFormValues
>;

/** The fields where the server's field errors land (and the paths below them: `variants.0.name`). */
export const subscriptionFormFields = [
  'type',
  'name',
  'description',
  'order',
  'vatRate',
  'locationIds',
  'ageGroupIds',
  'timeSlotGroupIds',
  'variants',
] as const;

/** A new variant: monthly payment for a year, unlimited access, one month's notice. */
export const newVariant = (order: number): VariantFormValues => ({
  name: '',
  oneOffCosts: 0,
  oneOffCostsIncludesVat: true,
  pricePerPeriod: null,
  pricePerPeriodIncludesVat: true,
  durationPeriodAmount: 12,
  durationPeriodType: PeriodType.Month,
  accessType: AccessType.Unlimited,
  accessPerPeriodAmount: null,
  accessPerPeriodType: PeriodType.Week,
  paymentPerPeriodAmount: 1,
  paymentPerPeriodType: PeriodType.Month,
  noticePeriodAmount: 1,
  noticePeriodType: PeriodType.Month,
  order,
});

export const emptySubscription = (): SubscriptionFormValues => ({
  type: SubscriptionType.Recurring,
  name: '',
  description: '',
  order: 0,
  vatRate: DEFAULT_VAT_RATE,
  locationIds: [],
  ageGroupIds: [],
  timeSlotGroupIds: [],
  variants: [newVariant(0)],
});

/** A stored subscription as the form edits it; each variant keeps its id. */
export const toFormValues = (subscription: Subscription): SubscriptionFormValues => ({
  type: subscription.type,
  name: subscription.name,
  description: subscription.description ?? '',
  order: subscription.order,
  vatRate: subscription.vatRate,
  locationIds: subscription.locations.map((location) => location.id),
  ageGroupIds: subscription.ageGroups.map((group) => group.id),
  timeSlotGroupIds: subscription.timeSlotGroups.map((group) => group.id),
  variants: subscription.variants.map((item) => ({
    id: item.id,
    name: item.name,
    oneOffCosts: item.oneOffCosts,
    oneOffCostsIncludesVat: item.oneOffCostsIncludesVat,
    pricePerPeriod: item.pricePerPeriod,
    pricePerPeriodIncludesVat: item.pricePerPeriodIncludesVat,
    durationPeriodAmount: item.durationPeriodAmount,
    durationPeriodType: item.durationPeriodType,
    accessType: item.accessType,
    accessPerPeriodAmount: item.accessPerPeriodAmount,
    // A period is offered when the access type changes to one that uses it.
    accessPerPeriodType: item.accessPerPeriodType ?? PeriodType.Week,
    paymentPerPeriodAmount: item.paymentPerPeriodAmount,
    paymentPerPeriodType: item.paymentPerPeriodType,
    noticePeriodAmount: item.noticePeriodAmount,
    noticePeriodType: item.noticePeriodType,
    order: item.order,
  })),
});

/** What is sent: the access amount and period only where the access type uses them. */
export const toBody = (values: SubscriptionFormOutput): SubscriptionFormOutput => ({
  ...values,
  variants: values.variants.map((item) => ({
    ...item,
    accessPerPeriodAmount: item.accessType === AccessType.Unlimited ? undefined : item.accessPerPeriodAmount,
    accessPerPeriodType:
      item.accessType === AccessType.LimitedPerPeriod ? item.accessPerPeriodType : undefined,
  })),
});

/**
 * The server's errors as the form shows them: one on a picked location or group (`locationIds[2]`) goes
 * under its multi-select, one on a variant's id (gone meanwhile) under that variant's name.
 */
export function onFormFields(error: unknown) {
  return {
    errors: errorsOf(error).map((entry) => ({
      ...entry,
      key: (entry.key ?? '')
        .replace(/^(locationIds|ageGroupIds|timeSlotGroupIds)\[\d+\]$/i, '$1')
        .replace(/^(variants\[\d+\])\.id$/i, '$1.name'),
    })),
  };
}

export type FormControl = Control<SubscriptionFormValues, unknown, SubscriptionFormOutput>;
export type VariantField = keyof VariantFormValues;
export const variantPath = (index: number, field: VariantField) =>
  `variants.${index}.${field}` as FieldPath<SubscriptionFormValues>;
