import {
  activitiesFor,
  CHALLENGE_TEMPLATE_LIMITS,
  checkDatePair,
  measurementTypesByTheme,
  measurementTypesFor,
  unitsByMeasurementType,
  unitsFor,
} from './challenge-template-rules.ts';
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
import { fileUpload, formBoolean, idFromText, listQuery } from './http.ts';
import { z } from './zod-setup.ts';

/*
 * The shapes of a challenge template on the wire, apart from its calls: the fields of the wizard with the
 * rules between them, the multipart forms, the template as answered, its list row and list query.
 */

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

/** A validated create form (files as the server sees them narrowed by `ServerFormOf`). */
export type ChallengeTemplateFormValues = z.output<typeof challengeTemplateForm>;
export type ChallengeTemplateUpdateFormValues = z.output<typeof challengeTemplateUpdateForm>;
