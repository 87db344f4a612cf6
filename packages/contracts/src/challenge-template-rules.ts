import { instantAfterDays } from './dates.ts';
import {
  Activity,
  Difficulty,
  GoalPeriod,
  MeasurementType,
  MeasurementUnit,
  PublicationStatus,
  TemplateMeasurementPeriod,
  Theme,
} from './enums.ts';

/*
 * The rules of a challenge template (spec 000 sections 4, 5 and 9) as data, so that the wizard and the
 * server use the same ones: which measurement types, units and activities fit which theme ("category").
 */

type Values<T> = T[keyof T];
export type ThemeValue = Values<typeof Theme>;
export type MeasurementTypeValue = Values<typeof MeasurementType>;
export type MeasurementUnitValue = Values<typeof MeasurementUnit>;
export type ActivityValue = Values<typeof Activity>;

/** Measurement types per theme (spec 000 section 5). */
export const measurementTypesByTheme: Readonly<Record<number, readonly number[]>> = {
  [Theme.Movement]: [MeasurementType.Amount, MeasurementType.Distance, MeasurementType.Duration],
  [Theme.Nutrition]: [
    MeasurementType.Volume,
    MeasurementType.Piece,
    MeasurementType.Amount,
    MeasurementType.Weight,
  ],
  [Theme.Relaxation]: [MeasurementType.Duration],
};

/** Allowed units per measurement type (spec 000 section 5); the first is not necessarily the default. */
export const unitsByMeasurementType: Readonly<Record<number, readonly number[]>> = {
  [MeasurementType.Distance]: [MeasurementUnit.Kilometer, MeasurementUnit.Meter],
  [MeasurementType.Duration]: [MeasurementUnit.Minutes, MeasurementUnit.Hour],
  [MeasurementType.Volume]: [
    MeasurementUnit.Mililiter,
    MeasurementUnit.Centiliter,
    MeasurementUnit.Deciliter,
    MeasurementUnit.Liter,
  ],
  [MeasurementType.Weight]: [MeasurementUnit.Gram, MeasurementUnit.Pound, MeasurementUnit.Kilogram],
  [MeasurementType.Piece]: [MeasurementUnit.Fruit],
  [MeasurementType.Amount]: [MeasurementUnit.Steps, MeasurementUnit.HeartRhythm],
};

/** The unit a measurement type starts with (spec 000 section 5). */
export const defaultUnitByMeasurementType: Readonly<Record<number, number>> = {
  [MeasurementType.Distance]: MeasurementUnit.Meter,
  [MeasurementType.Duration]: MeasurementUnit.Minutes,
  [MeasurementType.Volume]: MeasurementUnit.Mililiter,
  [MeasurementType.Weight]: MeasurementUnit.Gram,
  [MeasurementType.Piece]: MeasurementUnit.Fruit,
  [MeasurementType.Amount]: MeasurementUnit.Steps,
};

/** Activities per theme (spec 000 section 5). */
export const activitiesByTheme: Readonly<Record<number, readonly number[]>> = {
  [Theme.Movement]: [Activity.Ride, Activity.Run, Activity.Swim, Activity.Walk, Activity.GymVisits],
  [Theme.Nutrition]: [Activity.FoodAndDrinks],
  [Theme.Relaxation]: [Activity.Meditation],
};

/** What picking a theme sets (spec 000 section 4). */
export const themeDefaults: Readonly<
  Record<number, { measurement: number; measurementUnit: number; activity: number }>
> = {
  [Theme.Movement]: {
    measurement: MeasurementType.Distance,
    measurementUnit: MeasurementUnit.Meter,
    activity: Activity.Walk,
  },
  [Theme.Nutrition]: {
    measurement: MeasurementType.Weight,
    measurementUnit: MeasurementUnit.Gram,
    activity: Activity.FoodAndDrinks,
  },
  [Theme.Relaxation]: {
    measurement: MeasurementType.Duration,
    measurementUnit: MeasurementUnit.Minutes,
    activity: Activity.Meditation,
  },
};

export const measurementTypesFor = (theme: number): readonly number[] => measurementTypesByTheme[theme] ?? [];
export const unitsFor = (measurement: number): readonly number[] => unitsByMeasurementType[measurement] ?? [];
export const activitiesFor = (theme: number): readonly number[] => activitiesByTheme[theme] ?? [];

/** Limits of spec 000 sections 5 and 9. */
export const CHALLENGE_TEMPLATE_LIMITS = {
  name: 64,
  description: 512,
  uniqueFeatureDescription: 64,
  activityDescription: 64,
  benefitDescription: 512,
  amountMin: 1,
  amountMax: 100_000,
} as const;

/** Days per completion period, for the minimum span of a challenge (spec 000 section 9). */
export const DAYS_PER_PERIOD: Readonly<Record<number, number>> = {
  [GoalPeriod.PerDay]: 1,
  [GoalPeriod.PerWeek]: 7,
  [GoalPeriod.PerMonth]: 30,
};

/** A new template's values (spec 000 section 9; theme Movement and its defaults; end date tomorrow). */
export function challengeTemplateDefaults(today: Date = new Date()) {
  const endDate = instantAfterDays(1, today);
  return {
    theme: Theme.Movement,
    ...themeDefaults[Theme.Movement]!,
    difficulty: Difficulty.Beginner,
    status: PublicationStatus.Published,
    entreoPointsReward: 1,
    completionAmount: 1,
    completionPeriod: GoalPeriod.PerDay,
    frequencyAmount: 1,
    frequencyPeriod: TemplateMeasurementPeriod.PerDay,
    frequencyPeriodAmount: 1,
    measurementAmount: 1,
    hasDate: false,
    hasFromDate: false,
    endDate,
    sendNotifications: false,
    thirdParty: false,
  };
}

/**
 * A period switched on by `enabled`: its first date is required, the end date optional and not before the
 * start. Shared by templates and challenges.
 */
export function checkDatePair(
  enabled: boolean | undefined,
  start: Date | undefined,
  end: Date | undefined,
  startKey: string,
  endKey: string,
  addIssue: (path: string, message: string) => void,
) {
  if (!enabled) return;
  // A date that is not one is refused on its own field.
  if (start !== undefined && !(start instanceof Date)) return;
  if (end !== undefined && !(end instanceof Date)) return;
  if (!start) {
    addIssue(startKey, 'validation.required');
    return;
  }
  if (end && start.getTime() > end.getTime()) {
    addIssue(startKey, 'challengeTemplate.errors.startAfterEnd');
    addIssue(endKey, 'challengeTemplate.errors.endBeforeStart');
  }
}
