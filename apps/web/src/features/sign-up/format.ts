import { AccessType, addPeriods, type PublicVariant, SubscriptionType } from '@xp/contracts';
import type { TFunction } from 'i18next';
import { formatEuro } from '@/ui/money';

/*
 * How the sign-up tells a membership's money and terms in words: 'per maand', '12 maanden', the first amount.
 */

/** 'maand', '4 weken' (`signUp.period.*`, with the count left out for one). */
export const periodWords = (t: TFunction, amount: number, type: number) =>
  amount === 1 ? t(`signUp.period.${type}_single`) : t(`signUp.period.${type}`, { count: amount });

/** '€ 29,95 per maand', '€ 99,00 per 4 weken'. */
export const pricePerPeriodText = (t: TFunction, variant: PublicVariant) =>
  t('signUp.membership.pricePer', {
    price: formatEuro(variant.pricePerPeriod),
    period: periodWords(t, variant.paymentPerPeriodAmount, variant.paymentPerPeriodType),
  });

/** '12 maanden', '1 jaar'. */
export const termText = (t: TFunction, variant: PublicVariant) =>
  t(`signUp.period.${variant.durationPeriodType}`, { count: variant.durationPeriodAmount });

/** 'Geen opzegtermijn', '1 maand'. */
export const noticeText = (t: TFunction, variant: PublicVariant) =>
  variant.noticePeriodAmount === 0
    ? t('signUp.membership.noNotice')
    : t(`signUp.period.${variant.noticePeriodType}`, { count: variant.noticePeriodAmount });

/** 'Onbeperkt sporten', '2 keer per week', '10 keer in totaal'. */
export function accessText(t: TFunction, variant: PublicVariant) {
  const amount = variant.accessPerPeriodAmount ?? 0;
  if (variant.accessType === AccessType.LimitedPerPeriod && variant.accessPerPeriodType !== null)
    return t('signUp.membership.accessPerPeriod', {
      count: amount,
      period: periodWords(t, 1, variant.accessPerPeriodType),
    });
  if (variant.accessType === AccessType.Limited)
    return t('signUp.membership.accessInTotal', { count: amount });
  return t('signUp.membership.accessUnlimited');
}

/**
 * The payment periods in a prepaid term, counted by the calendar from the start as the billing does
 * (decision 017: a prepaid subscription is invoiced whole, the price times these periods); at least one.
 */
export function paymentPeriodsInTerm(variant: PublicVariant, startDate: string) {
  const end = addPeriods(startDate, variant.durationPeriodAmount, variant.durationPeriodType);
  let count = 1;
  while (
    count < 1000 &&
    addPeriods(startDate, count * variant.paymentPerPeriodAmount, variant.paymentPerPeriodType) < end
  )
    count++;
  return count;
}

/**
 * What the sign-up asks to pay now, in cents (decision 017): the one-off costs and the first period, or for a
 * prepaid subscription the one-off costs and the whole term.
 */
export function firstAmount(type: number, variant: PublicVariant, startDate: string) {
  const periods = type === SubscriptionType.Prepaid ? paymentPeriodsInTerm(variant, startDate) : 1;
  return variant.oneOffCosts + periods * variant.pricePerPeriod;
}

/** The age groups of a subscription in words: 'Van 18 t/m 25 jaar' (none: every age, nothing to say). */
export const ageGroupsText = (t: TFunction, groups: readonly { minimumAge: number; maximumAge: number }[]) =>
  groups
    .map((group) => t('signUp.membership.ageGroup', { min: group.minimumAge, max: group.maximumAge }))
    .join(', ');
