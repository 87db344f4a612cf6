import { checkDatePair, DAYS_PER_PERIOD } from './challenge-template-rules.ts';
import { challengeTemplate, templateAmount, templateDate } from './challenge-template-shapes.ts';
import { DAY_MS } from './dates.ts';
import { Theme } from './enums.ts';
import {
  endpoint,
  formBoolean,
  idFromText,
  idParam,
  idSchema,
  listQuery,
  nothing,
  paged,
  policy,
} from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['Challenge'];

/*
 * Challenges (spec 000 sections 3, 5, 7 and 9): a location, an employer or an association runs a challenge
 * made from an active, published challenge template. Each sees and changes only its own.
 */

// Schema-free (the web's menus and route checks use it without loading the challenge schemas).
export { type ChallengeOwner, challengeOwnerOf } from './challenge-owner.ts';

/** The translation key of the span rule (spec 000 section 5: message `step2.validateDate`). */
export const CHALLENGE_SPAN_ERROR = 'challenge.step2.validateDate';

/** What the span rule needs of a template. */
export interface ChallengeSpanTemplate {
  completionPeriod: number;
  completionAmount: number;
}

/** The fewest days the active period must span: completion amount x days per period (x1, x7, x30). */
export const minimumChallengeDays = (template: ChallengeSpanTemplate): number =>
  template.completionAmount * (DAYS_PER_PERIOD[template.completionPeriod] ?? 1);

/**
 * Calendar days from start to end, both counted (1 March - 7 March is 7 days). Rounded, so that a change
 * of summer time between the two dates does not matter.
 */
export const spanInDays = (start: Date, end: Date): number =>
  Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optionalDate = z.preprocess(blankToUndefined, templateDate.optional());

/** The fields of the challenge form (spec 000 sections 3 and 5); the rules between them below. */
export const challengeFields = z.object({
  /** Required, digits only, greater than 0 (and at most 100000, as every number input). */
  entreoPointsReward: templateAmount,
  /** With `hasDate` the challenge has an active period: `startDate` required, `endDate` not before it. */
  hasDate: formBoolean.optional(),
  startDate: optionalDate,
  endDate: optionalDate,
  /** With `hasFromDate` the challenge has a visible period: `fromDate` required, `fromEndDate` not before. */
  hasFromDate: formBoolean.optional(),
  fromDate: optionalDate,
  fromEndDate: optionalDate,
  sendNotifications: formBoolean.optional(),
  isActive: formBoolean.optional(),
});
export type ChallengeFields = z.input<typeof challengeFields>;
type ChallengeRuleInput = z.output<typeof challengeFields>;

/**
 * The rules between the fields: the two date pairs, and with a template the span rule: an active period
 * with both dates spans at least `minimumChallengeDays(template)` days, else `step2.validateDate` on the
 * end date.
 */
export function checkChallengeRules(
  value: Partial<ChallengeRuleInput>,
  template: ChallengeSpanTemplate | undefined,
  addIssue: (path: string, message: string) => void,
) {
  let pairsOk = true;
  const collect = (path: string, message: string) => {
    pairsOk = false;
    addIssue(path, message);
  };
  checkDatePair(value.hasDate, value.startDate, value.endDate, 'startDate', 'endDate', collect);
  checkDatePair(value.hasFromDate, value.fromDate, value.fromEndDate, 'fromDate', 'fromEndDate', collect);
  if (!pairsOk || !template || !value.hasDate) return;
  const { startDate, endDate } = value;
  if (!(startDate instanceof Date) || !(endDate instanceof Date)) return;
  if (spanInDays(startDate, endDate) < minimumChallengeDays(template))
    addIssue('endDate', CHALLENGE_SPAN_ERROR);
}

const withRules = <T extends z.ZodObject>(schema: T, template?: ChallengeSpanTemplate) =>
  schema.superRefine((value, ctx) =>
    checkChallengeRules(value as Partial<ChallengeRuleInput>, template, (path, message) =>
      ctx.addIssue({ code: 'custom', path: [path], message }),
    ),
  );

/** The challenge modal's form for a challenge made from `template` (all rules, the span rule included). */
export const challengeFormFor = (template: ChallengeSpanTemplate) => withRules(challengeFields, template);

/**
 * `POST /challenge` (multipart, "sent as form data"): the template and the fields. The server applies the
 * span rule with the template it loads.
 */
export const challengeCreateForm = withRules(challengeFields.extend({ challengeTemplateId: idFromText }));
/** `PUT /challenge` (multipart): the fields of challenge `id`; its template stays the one it was made from. */
export const challengeUpdateForm = withRules(challengeFields.extend({ id: idFromText }));
export type ChallengeCreateFormValues = z.output<typeof challengeCreateForm>;
export type ChallengeUpdateFormValues = z.output<typeof challengeUpdateForm>;

/**
 * The template as it was when the challenge was made (`challengeTemplatePlainModel`): a running challenge
 * does not change when the platform edits or switches off its template.
 */
export const challengeTemplateSnapshot = challengeTemplate.pick({
  id: true,
  name: true,
  description: true,
  uniqueFeatureDescription: true,
  activityDescription: true,
  benefitDescription: true,
  theme: true,
  measurement: true,
  measurementUnit: true,
  activity: true,
  difficulty: true,
  completionPeriod: true,
  completionAmount: true,
  frequencyPeriod: true,
  frequencyAmount: true,
  frequencyPeriodAmount: true,
  measurementAmount: true,
  entreoPointsReward: true,
  thirdParty: true,
  challengeBannerHash: true,
});
export type ChallengeTemplateSnapshot = z.infer<typeof challengeTemplateSnapshot>;

const timestamp = z.iso.datetime({ offset: true });

export const challenge = z.object({
  id: z.number().int(),
  challengeTemplateId: z.number().int(),
  challengeTemplatePlainModel: challengeTemplateSnapshot,
  locationId: z.number().int().nullable(),
  employerId: z.number().int().nullable(),
  associationId: z.number().int().nullable(),
  hasDate: z.boolean(),
  startDate: timestamp.nullable(),
  endDate: timestamp.nullable(),
  hasFromDate: z.boolean(),
  fromDate: timestamp.nullable(),
  fromEndDate: timestamp.nullable(),
  entreoPointsReward: z.number().int(),
  isActive: z.boolean(),
  sendNotifications: z.boolean(),
  /** Made by a platform administrator (the flag the spec passes into the challenge form). */
  createdByPlatform: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Challenge = z.infer<typeof challenge>;

export const challengeSortable = ['name', 'startDate', 'entreoPointsReward', 'createdAt'] as const;
/**
 * The owner's challenges, searched on the template name; `tabCounts` holds `all`, `active` and `inactive`
 * for the search.
 */
export const challengeListQuery = listQuery(challengeSortable).extend({
  isActive: formBoolean.optional(),
});
export type ChallengeListQuery = z.input<typeof challengeListQuery>;

/**
 * What the challenge form shows of its template (banner, name, theme, difficulty, description, activity,
 * goal, completion) and what its span rule needs; a snapshot holds it too.
 */
export const challengeTemplateSummary = challengeTemplateSnapshot.pick({
  id: true,
  name: true,
  description: true,
  theme: true,
  measurementUnit: true,
  activity: true,
  difficulty: true,
  completionPeriod: true,
  completionAmount: true,
  measurementAmount: true,
  entreoPointsReward: true,
  challengeBannerHash: true,
});
export type ChallengeTemplateSummary = z.infer<typeof challengeTemplateSummary>;

/**
 * A template a challenge can be made from, with how many challenges use it: what the picker's row shows
 * and the form needs (its summary, and the reward and notification setting a new challenge starts with).
 */
export const popularChallengeTemplate = challengeTemplateSummary.extend({
  sendNotifications: z.boolean(),
  challengeCount: z.number().int(),
});
export type PopularChallengeTemplate = z.infer<typeof popularChallengeTemplate>;

export const popularSortable = ['challengeCount', 'name'] as const;
/**
 * Active, published templates, the most used in challenges first (then by name); searched on the name,
 * filtered by theme. The challenge modal picks its template from this list.
 */
export const popularChallengeTemplateQuery = listQuery(popularSortable).extend({
  theme: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z
      .number()
      .int()
      .refine((value) => (Object.values(Theme) as number[]).includes(value), 'validation.invalidValue')
      .optional(),
  ),
});
export type PopularChallengeTemplateQuery = z.input<typeof popularChallengeTemplateQuery>;

/** `PUT /challenge/{isActive}`: the path says on or off, the body which challenge. */
export const challengeToggleParams = z.object({
  isActive: z.enum(['true', 'false']).transform((value) => value === 'true'),
});
export const challengeToggleBody = z.object({ id: idSchema });

/** Staff of a location, employers and admins; the service scopes each call with `challengeOwnerOf`. */
const owners = policy.roles('Admin', 'Employee', 'Employer');

export const challengeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/challenge',
    policy: owners,
    summary: "The active location's, employer's or association's challenges",
    tags,
    query: challengeListQuery,
    response: paged(challenge),
  }),
  popular: endpoint({
    method: 'GET',
    path: '/challenge/popular',
    policy: owners,
    summary: 'Active, published templates, the most used in challenges first',
    tags,
    query: popularChallengeTemplateQuery,
    response: paged(popularChallengeTemplate),
  }),
  get: endpoint({
    method: 'GET',
    path: '/challenge/{id}',
    policy: owners,
    summary: 'One challenge of the active owner',
    tags,
    params: idParam,
    response: challenge,
  }),
  create: endpoint({
    method: 'POST',
    path: '/challenge',
    policy: owners,
    summary: 'Make a challenge from an active, published template (multipart)',
    tags,
    form: challengeCreateForm,
    response: challenge,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/challenge',
    policy: owners,
    summary: 'Change a challenge of the active owner (multipart)',
    tags,
    form: challengeUpdateForm,
    response: challenge,
  }),
  setIsActive: endpoint({
    method: 'PUT',
    path: '/challenge/{isActive}',
    policy: owners,
    summary: 'Switch a challenge on (`true`) or off (`false`)',
    tags,
    params: challengeToggleParams,
    body: challengeToggleBody,
    response: challenge,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/challenge/{id}',
    policy: owners,
    summary: 'Delete a challenge of the active owner',
    tags,
    params: idParam,
    response: nothing,
  }),
};
