import { describe, expect, it } from 'vitest';
import { PeriodType, SubscriptionType } from './enums.ts';
import { mostPeriodsInTerm, subscriptionInput } from './subscription.ts';
import './zod-setup.ts';

/* A subscription's first invoice must fit the amount columns (decision 016): a prepaid term is billed whole. */

const variant = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jaar',
  oneOffCosts: 10_000_000,
  oneOffCostsIncludesVat: false,
  pricePerPeriod: 10_000_000,
  pricePerPeriodIncludesVat: false,
  durationPeriodAmount: 12,
  durationPeriodType: PeriodType.Month,
  accessType: 0,
  paymentPerPeriodAmount: 1,
  paymentPerPeriodType: PeriodType.Month,
  noticePeriodAmount: 0,
  noticePeriodType: PeriodType.Month,
  order: 0,
  ...overrides,
});
const body = (type: number, overrides: Record<string, unknown> = {}) => ({
  type,
  name: 'Abonnement',
  order: 0,
  vatRate: 21,
  locationIds: [1],
  ageGroupIds: [],
  timeSlotGroupIds: [],
  variants: [variant(overrides)],
});
const issues = (value: unknown) =>
  subscriptionInput
    .safeParse(value)
    .error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) ?? [];

describe('mostPeriodsInTerm', () => {
  it('is never below the periods the billing counts for any start, and at most 1,001', () => {
    expect(mostPeriodsInTerm(variant())).toBeGreaterThanOrEqual(12);
    expect(mostPeriodsInTerm(variant({ durationPeriodAmount: 3 }))).toBeGreaterThanOrEqual(3);
    expect(
      mostPeriodsInTerm(variant({ durationPeriodType: PeriodType.Year, durationPeriodAmount: 1 })),
    ).toBeGreaterThanOrEqual(12);
    expect(
      mostPeriodsInTerm(
        variant({
          durationPeriodType: PeriodType.Year,
          durationPeriodAmount: 1000,
          paymentPerPeriodType: PeriodType.Week,
        }),
      ),
    ).toBe(1001);
  });
});

describe('the total of a first invoice', () => {
  it('takes the largest prices of a recurring subscription and of a year prepaid at EUR 100,000 a month', () => {
    expect(issues(body(SubscriptionType.Recurring))).toEqual([]);
    expect(issues(body(SubscriptionType.Prepaid))).toEqual([]);
  });

  it('refuses a prepaid term whose whole price would not fit an invoice', () => {
    expect(
      issues(
        body(SubscriptionType.Prepaid, { durationPeriodAmount: 20, durationPeriodType: PeriodType.Year }),
      ),
    ).toEqual(['variants.0.pricePerPeriod subscription.errors.termTotalTooHigh']);
    // The same term paid every month as a recurring subscription invoices one month at a time.
    expect(
      issues(
        body(SubscriptionType.Recurring, { durationPeriodAmount: 20, durationPeriodType: PeriodType.Year }),
      ),
    ).toEqual([]);
  });
});
