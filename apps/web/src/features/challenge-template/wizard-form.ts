import {
  type ChallengeTemplate,
  challengeTemplateDefaults,
  challengeTemplateFields,
  checkChallengeTemplateRules,
  fileUpload,
  idSchema,
  themeDefaults,
} from '@xp/contracts';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The wizard's one form: every template field (the contract's schema and rules between fields) plus the
 * banner, either an uploaded file or a picture of the picture bank. Dates are ISO strings (the date input's
 * value); the amounts are text, so that the contract's "digits only" can speak.
 */
export const wizardSchema = challengeTemplateFields
  .extend({
    challengeBanner: fileUpload.nullable(),
    pictureBankItemId: idSchema.nullable(),
  })
  .superRefine((value, ctx) =>
    checkChallengeTemplateRules(value, (path, message) =>
      ctx.addIssue({ code: 'custom', path: [path], message }),
    ),
  );
export type WizardValues = z.input<typeof wizardSchema>;
export type WizardOutput = z.output<typeof wizardSchema>;

/** The fields of each step, for the wizard's step check and to find the step of a server error. */
export const stepFields = {
  theme: ['theme', 'measurement', 'measurementUnit', 'activity', 'difficulty'],
  banner: ['challengeBanner', 'pictureBankItemId'],
  settings: [
    'name',
    'description',
    'uniqueFeatureDescription',
    'activityDescription',
    'benefitDescription',
    'completionPeriod',
    'completionAmount',
    'frequencyPeriod',
    'frequencyAmount',
    'frequencyPeriodAmount',
    'measurementAmount',
    'entreoPointsReward',
    'hasDate',
    'startDate',
    'endDate',
    'hasFromDate',
    'fromDate',
    'fromEndDate',
  ],
  summary: ['status'],
} as const satisfies Record<string, readonly (keyof WizardValues)[]>;

/** Every field a server error may be put on. */
export const wizardFields: readonly string[] = Object.values(stepFields).flat();

/** The step (0-based) that holds a field, or -1. */
export const stepOfField = (name: string) =>
  Object.values(stepFields).findIndex((fields) => (fields as readonly string[]).includes(name));

/** A new template's values (spec 000 section 9), with the theme of the list's tab when one is chosen. */
export function newTemplateValues(theme?: number, today: Date = new Date()): WizardValues {
  const defaults = challengeTemplateDefaults(today);
  const chosen = theme !== undefined && themeDefaults[theme] ? theme : defaults.theme;
  return {
    ...defaults,
    ...themeDefaults[chosen],
    theme: chosen,
    name: '',
    description: '',
    uniqueFeatureDescription: '',
    activityDescription: '',
    benefitDescription: '',
    completionAmount: '1',
    frequencyAmount: '1',
    frequencyPeriodAmount: '1',
    measurementAmount: '1',
    entreoPointsReward: '1',
    startDate: null,
    endDate: defaults.endDate.toISOString(),
    fromDate: null,
    fromEndDate: null,
    publishDate: null,
    challengeBanner: null,
    pictureBankItemId: null,
  };
}

/** The values of a stored template; the banner stays unless a new one is chosen. */
export function templateValues(template: ChallengeTemplate): WizardValues {
  return {
    name: template.name,
    description: template.description,
    uniqueFeatureDescription: template.uniqueFeatureDescription ?? '',
    activityDescription: template.activityDescription ?? '',
    benefitDescription: template.benefitDescription ?? '',
    theme: template.theme,
    measurement: template.measurement,
    measurementUnit: template.measurementUnit,
    activity: template.activity,
    difficulty: template.difficulty,
    status: template.status,
    completionPeriod: template.completionPeriod,
    completionAmount: String(template.completionAmount),
    frequencyPeriod: template.frequencyPeriod,
    frequencyAmount: String(template.frequencyAmount),
    frequencyPeriodAmount: String(template.frequencyPeriodAmount),
    measurementAmount: String(template.measurementAmount),
    entreoPointsReward: String(template.entreoPointsReward),
    hasDate: template.hasDate,
    startDate: template.startDate,
    endDate: template.endDate,
    hasFromDate: template.hasFromDate,
    fromDate: template.fromDate,
    fromEndDate: template.fromEndDate,
    publishDate: template.publishDate,
    sendNotifications: template.sendNotifications,
    thirdParty: template.thirdParty,
    challengeBanner: null,
    pictureBankItemId: null,
  };
}

/**
 * The multipart form of `POST` / `PUT /challengeTemplate`: only what is given (spec section 5); the dates
 * of a period that is off are left out; the banner as an upload or a picked picture, or (editing) neither.
 */
export function toTemplateForm(values: WizardOutput) {
  const { challengeBanner, pictureBankItemId, startDate, endDate, fromDate, fromEndDate, ...rest } = values;
  return {
    ...rest,
    hasDate: values.hasDate === true,
    hasFromDate: values.hasFromDate === true,
    ...(values.hasDate ? { startDate, endDate } : {}),
    ...(values.hasFromDate ? { fromDate, fromEndDate } : {}),
    ...(challengeBanner ? { challengeBanner } : {}),
    ...(pictureBankItemId ? { pictureBankItemId } : {}),
  };
}

/** The wizard's form, as each step gets it. */
export type Form = UseFormReturn<WizardValues, unknown, WizardOutput>;
/** A value set by a step's own control (not typed): marked as a person's change and checked at once. */
export const touch = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;
