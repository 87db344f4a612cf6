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
import { blankToUndefined, enumValue, optionalEnumValue } from './form-values.ts';
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

const tags = ['ChallengeTemplate'];

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

/* ----- field schemas that take form text parts as well as the values of a client-side form ----- */

/**
 * A whole amount: digits only, greater than 0, at most 100000 (spec 000 section 5). Takes a number or the
 * text of a form part; yields a number.
 */
export const templateAmount = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.digitsOnly',
  })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'validation.required' });
      return z.NEVER;
    }
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'validation.digitsOnly' });
      return z.NEVER;
    }
    const amount = Number(text);
    if (amount < CHALLENGE_TEMPLATE_LIMITS.amountMin) {
      ctx.addIssue({ code: 'custom', message: 'validation.greaterThanZero' });
      return z.NEVER;
    }
    if (amount > CHALLENGE_TEMPLATE_LIMITS.amountMax) {
      ctx.addIssue({ code: 'custom', message: 'validation.tooBig' });
      return z.NEVER;
    }
    return amount;
  })
  .meta({ type: 'integer', minimum: 1, maximum: 100_000 });

export { enumValue, optionalEnumValue };

const toDate = (value: unknown) => {
  const given = blankToUndefined(value);
  if (typeof given !== 'string') return given;
  const parsed = new Date(given);
  return /^\d{4}-\d{2}-\d{2}/.test(given) && !Number.isNaN(parsed.getTime()) ? parsed : given;
};
const dateSchema = z.date({
  error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.date'),
});

/** A date: a `Date` (client-side form) or an ISO-8601 string (form part, JSON); yields a `Date`. */
export const templateDate = z.preprocess(toDate, dateSchema);

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().min(1).max(max).optional());
/** An optional date; an empty form part counts as none. */
const optionalDate = z.preprocess(toDate, dateSchema.optional());
const optionalBoolean = formBoolean.optional();

/** The fields of steps 1-4 of the template wizard (spec 000 sections 3 and 5); rules between them below. */
export const challengeTemplateFields = z.object({
  name: z.string().trim().min(1).max(CHALLENGE_TEMPLATE_LIMITS.name),
  description: z.string().trim().min(1).max(CHALLENGE_TEMPLATE_LIMITS.description),
  uniqueFeatureDescription: optionalText(CHALLENGE_TEMPLATE_LIMITS.uniqueFeatureDescription),
  activityDescription: optionalText(CHALLENGE_TEMPLATE_LIMITS.activityDescription),
  benefitDescription: optionalText(CHALLENGE_TEMPLATE_LIMITS.benefitDescription),
  theme: enumValue(Theme),
  measurement: enumValue(MeasurementType),
  measurementUnit: enumValue(MeasurementUnit),
  activity: enumValue(Activity),
  difficulty: enumValue(Difficulty),
  status: enumValue(PublicationStatus),
  completionPeriod: enumValue(GoalPeriod),
  completionAmount: templateAmount,
  frequencyPeriod: enumValue(TemplateMeasurementPeriod),
  frequencyAmount: templateAmount,
  frequencyPeriodAmount: templateAmount,
  measurementAmount: templateAmount,
  entreoPointsReward: templateAmount,
  /** With `hasDate` the template has an active period: `startDate` required, `endDate` optional. */
  hasDate: optionalBoolean,
  startDate: optionalDate,
  endDate: optionalDate,
  /** With `hasFromDate` the template has a visible period: `fromDate` required, `fromEndDate` optional. */
  hasFromDate: optionalBoolean,
  fromDate: optionalDate,
  fromEndDate: optionalDate,
  publishDate: optionalDate,
  sendNotifications: optionalBoolean,
  thirdParty: optionalBoolean,
});
export type ChallengeTemplateFields = z.input<typeof challengeTemplateFields>;

type RuleInput = z.output<typeof challengeTemplateFields>;

/**
 * The rules between fields, each reported on the field a person has to change:
 * a measurement type the theme does not allow (`measurement`), a unit the type does not allow
 * (`measurementUnit`), an activity the theme does not allow (`activity`), and the date pairs.
 */
export function checkChallengeTemplateRules(
  value: Partial<RuleInput>,
  addIssue: (path: string, message: string) => void,
) {
  const { measurementUnit, activity } = value;
  // Unknown themes and types are refused on their own field; nothing is said about what depends on them.
  const theme = value.theme !== undefined && measurementTypesByTheme[value.theme] ? value.theme : undefined;
  const measurement =
    value.measurement !== undefined && unitsByMeasurementType[value.measurement]
      ? value.measurement
      : undefined;
  if (theme !== undefined && measurement !== undefined && !measurementTypesFor(theme).includes(measurement))
    addIssue('measurement', 'challengeTemplate.errors.measurementNotForTheme');
  if (
    measurement !== undefined &&
    measurementUnit !== undefined &&
    !unitsFor(measurement).includes(measurementUnit)
  )
    addIssue('measurementUnit', 'challengeTemplate.errors.unitNotForMeasurement');
  if (theme !== undefined && activity !== undefined && !activitiesFor(theme).includes(activity))
    addIssue('activity', 'challengeTemplate.errors.activityNotForTheme');
  checkDatePair(value.hasDate, value.startDate, value.endDate, 'startDate', 'endDate', addIssue);
  checkDatePair(value.hasFromDate, value.fromDate, value.fromEndDate, 'fromDate', 'fromEndDate', addIssue);
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

const withRules = <T extends z.ZodObject>(schema: T) =>
  schema.superRefine((value, ctx) => {
    checkChallengeTemplateRules(value as Partial<RuleInput>, (path, message) =>
      ctx.addIssue({ code: 'custom', path: [path], message }),
    );
    const banner = (value as { challengeBanner?: unknown }).challengeBanner;
    const picture = (value as { pictureBankItemId?: unknown }).pictureBankItemId;
    if (banner !== undefined && picture !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['challengeBanner'],
        message: 'challengeTemplate.errors.bannerAndPicture',
      });
  });

/** The fields of the wizard's category step: theme, measurement type, unit and activity (with their rules). */
export const challengeTemplateMeasurementStep = withRules(
  challengeTemplateFields.pick({
    theme: true,
    measurement: true,
    measurementUnit: true,
    activity: true,
    difficulty: true,
  }),
);

/** The fields of wizard step 3 (spec 000 section 5): texts, amounts and the two date pairs. */
export const challengeTemplateStep3 = withRules(
  challengeTemplateFields.pick({
    name: true,
    description: true,
    uniqueFeatureDescription: true,
    activityDescription: true,
    benefitDescription: true,
    completionPeriod: true,
    completionAmount: true,
    frequencyPeriod: true,
    frequencyAmount: true,
    frequencyPeriodAmount: true,
    measurementAmount: true,
    entreoPointsReward: true,
    hasDate: true,
    startDate: true,
    endDate: true,
    hasFromDate: true,
    fromDate: true,
    fromEndDate: true,
  }),
);

/** The whole template as the wizard checks it (no banner fields; see the form schemas for those). */
export const challengeTemplateInput = withRules(challengeTemplateFields);
export type ChallengeTemplateInput = z.input<typeof challengeTemplateInput>;

const bannerFields = {
  /** An uploaded banner image; or pick a picture of the picture bank (its category must match the theme). */
  challengeBanner: fileUpload.optional(),
  pictureBankItemId: z.preprocess(blankToUndefined, idFromText.optional()),
};

/** `POST /challengeTemplate` (multipart). */
export const challengeTemplateForm = withRules(challengeTemplateFields.extend(bannerFields));
/**
 * `PUT /challengeTemplate` (multipart): a new `challengeBanner` or `pictureBankItemId` replaces the
 * banner; with neither the banner stays as it is.
 */
export const challengeTemplateUpdateForm = withRules(
  challengeTemplateFields.extend({ ...bannerFields, id: idFromText }),
);

export const challengeTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  uniqueFeatureDescription: z.string().nullable(),
  activityDescription: z.string().nullable(),
  benefitDescription: z.string().nullable(),
  theme: z.number().int(),
  measurement: z.number().int(),
  measurementUnit: z.number().int(),
  activity: z.number().int(),
  difficulty: z.number().int(),
  status: z.number().int(),
  isActive: z.boolean(),
  completionPeriod: z.number().int(),
  completionAmount: z.number().int(),
  frequencyPeriod: z.number().int(),
  frequencyAmount: z.number().int(),
  frequencyPeriodAmount: z.number().int(),
  measurementAmount: z.number().int(),
  entreoPointsReward: z.number().int(),
  hasDate: z.boolean(),
  startDate: z.iso.datetime({ offset: true }).nullable(),
  endDate: z.iso.datetime({ offset: true }).nullable(),
  hasFromDate: z.boolean(),
  fromDate: z.iso.datetime({ offset: true }).nullable(),
  fromEndDate: z.iso.datetime({ offset: true }).nullable(),
  publishDate: z.iso.datetime({ offset: true }).nullable(),
  sendNotifications: z.boolean(),
  thirdParty: z.boolean(),
  /** Stored image (`/cdn/{hash}`): uploaded, or the picked picture bank item's; null when none. */
  challengeBannerHash: z.string().nullable(),
  pictureBankItemId: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ChallengeTemplate = z.infer<typeof challengeTemplate>;

/**
 * A row of the templates overview (`GET /challengeTemplate`): its columns (banner, name, theme, status,
 * active switch, created date) and the id its actions need. Editing loads the whole template
 * (`GET /challengeTemplate/{id}`).
 */
export const challengeTemplateListItem = challengeTemplate.pick({
  id: true,
  name: true,
  theme: true,
  status: true,
  isActive: true,
  challengeBannerHash: true,
  createdAt: true,
});
export type ChallengeTemplateListItem = z.infer<typeof challengeTemplateListItem>;

export const challengeTemplateSortable = ['name', 'theme', 'status', 'createdAt'] as const;
export const challengeTemplateListQuery = listQuery(challengeTemplateSortable).extend({
  theme: optionalEnumValue(Theme),
  status: optionalEnumValue(PublicationStatus),
  isActive: formBoolean.optional(),
});

export const challengeTemplateSetIsActive = z.object({ isActive: z.boolean() });

export const challengeTemplateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/challengeTemplate',
    policy: policy.roles('Admin'),
    summary: 'Challenge templates, searched on name and filtered by theme, status and active flag (admin)',
    tags,
    query: challengeTemplateListQuery,
    response: paged(challengeTemplateListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/challengeTemplate/{id}',
    policy: policy.roles('Admin'),
    summary: 'One challenge template (admin)',
    tags,
    params: idParam,
    response: challengeTemplate,
  }),
  create: endpoint({
    method: 'POST',
    path: '/challengeTemplate',
    policy: policy.roles('Admin'),
    summary: 'Add a challenge template (multipart; banner upload or picture bank item)',
    tags,
    form: challengeTemplateForm,
    response: challengeTemplate,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/challengeTemplate',
    policy: policy.roles('Admin'),
    summary: 'Change a challenge template (multipart; a new banner or picture replaces the banner)',
    tags,
    form: challengeTemplateUpdateForm,
    response: challengeTemplate,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/challengeTemplate/{id}',
    policy: policy.roles('Admin'),
    summary: 'Delete a challenge template',
    tags,
    params: idParam,
    response: nothing,
  }),
  setIsActive: endpoint({
    method: 'PUT',
    path: '/challengeTemplate/{id}/SetIsActive',
    policy: policy.roles('Admin'),
    summary: 'Switch a challenge template on or off',
    tags,
    params: idParam,
    body: challengeTemplateSetIsActive,
    response: challengeTemplate,
  }),
};

/** A validated create form (files as the server sees them narrowed by `ServerFormOf`). */
export type ChallengeTemplateFormValues = z.output<typeof challengeTemplateForm>;
export type ChallengeTemplateUpdateFormValues = z.output<typeof challengeTemplateUpdateForm>;
