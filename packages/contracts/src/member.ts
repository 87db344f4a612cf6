import { dutchPostalCode } from './address.ts';
import { addPeriods, dutchToday } from './dates.ts';
import { Gender, MemberStatus, MembershipState } from './enums.ts';
import { blankToUndefined, optionalEnumValue } from './form-values.ts';
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
import { memberSortable } from './list-constants.ts';
import { EMAIL_PATTERN } from './login.ts';
import { memberDataRetentionItem, memberExportProductOrder } from './product-order.ts';
import { z } from './zod-setup.ts';

/*
 * Members of a gym and their memberships (spec 001 §3 and §4; decision 014). A member is a
 * person of the gym, at the desk or through the sign-up; a membership is a subscription's variant taken out
 * at one of the gym's locations from a start date, ended or paused later. In the Gym environment the calls
 * see the active gym's members; in the Location environment those of the active location (a membership
 * there, or it is their main location).
 */

const tags = ['Member'];

/** A calendar date, YYYY-MM-DD (local: the gym's days), from 1900 to 2199 (a term or pause added stays a date). */
export const dateText = z.iso
  .date({ error: 'validation.date' })
  .refine((value) => value >= '1900-01-01' && value <= '2199-12-31', { message: 'validation.date' });

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export { addPeriods, dutchToday } from './dates.ts';

/**
 * The earliest last day of a membership ended on `today`: after its notice period (spec: the variant's), and
 * not before it starts. The staff's end form and the member's cancel page offer it alike.
 */
export const earliestEndDate = (
  today: string,
  startDate: string,
  noticePeriodAmount: number,
  noticePeriodType: number,
) => {
  const byNotice = addPeriods(today, noticePeriodAmount, noticePeriodType);
  return byNotice > startDate ? byNotice : startDate;
};

/** Whole years between a date of birth and a day (both YYYY-MM-DD): the age on that day. */
export function ageOn(dateOfBirth: string, day: string) {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

// ------------------------------------------------------------------------------------------------ members

export const memberFields = z.object({
  firstName: z.string().trim().min(1).max(64),
  insertion: optionalText(32),
  lastName: z.string().trim().min(1).max(64),
  /** Unique among the gym's members when given (case-insensitive). */
  email: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ pattern: EMAIL_PATTERN }))
      .optional(),
  ),
  phoneNumber: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(20)
      .regex(/^\+?[0-9][0-9 -]{7,18}$/, 'validation.phoneNumber')
      .optional(),
  ),
  gender: optionalEnumValue(Gender),
  /**
   * May be unknown; then no subscription with age groups can be taken out. Its range (not in the future, at
   * most 130 years ago) is the rule below, so a date too long ago is told as such.
   */
  dateOfBirth: z.preprocess(blankToUndefined, z.iso.date({ error: 'validation.date' }).optional()),
  street: optionalText(128),
  houseNumber: optionalText(16),
  postalCode: z.preprocess(blankToUndefined, dutchPostalCode.optional()),
  city: optionalText(64),
  /** The member's main location: one of the gym's (in the Location environment, the active location). */
  homeLocationId: idSchema,
});
export type MemberFields = z.input<typeof memberFields>;

/** A date of birth is not in the future nor more than 130 years ago (a shared rule of form and server). */
function memberRules(value: { dateOfBirth?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.dateOfBirth === undefined) return;
  const today = dutchToday();
  const age = ageOn(value.dateOfBirth, today);
  if (value.dateOfBirth > today || age > 130) {
    ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'member.errors.dateOfBirthInvalid' });
  }
}

export const memberInput = memberFields.superRefine(memberRules);
export const memberUpdate = memberFields.extend({ id: idSchema }).superRefine(memberRules);

const named = z.object({ id: z.number().int(), name: z.string() });

export const membershipPause = z.object({
  id: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
});
export type MembershipPause = z.infer<typeof membershipPause>;

export { MembershipState };

export const membership = z.object({
  id: z.number().int(),
  subscription: named,
  variant: named.extend({
    noticePeriodAmount: z.number().int(),
    noticePeriodType: z.number().int(),
    accessType: z.number().int(),
    accessPerPeriodAmount: z.number().int().nullable(),
    accessPerPeriodType: z.number().int().nullable(),
  }),
  location: named,
  startDate: z.string(),
  /** The last day it runs (null: it runs on). A pause moves it by the pause's days. */
  endDate: z.string().nullable(),
  state: z.number().int(),
  pauses: z.array(membershipPause),
  createdAt: z.string(),
});
export type Membership = z.infer<typeof membership>;

export const member = z.object({
  id: z.number().int(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  gender: z.number().int().nullable(),
  dateOfBirth: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  homeLocation: named.nullable(),
  /** 1 Non-active, 2 Sleeping, 3 Active (`MemberStatus`), right at the moment of the answer. */
  status: z.number().int(),
  lastEntryAt: z.string().nullable(),
  /** The member has an account of their own (the member app; check-in by QR code). */
  hasAccount: z.boolean(),
  /** Signed up but not yet completed by the location (an open registration). */
  registrationCompleted: z.boolean(),
  anonymisedAt: z.string().nullable(),
  memberships: z.array(membership),
  createdAt: z.string(),
});
export type Member = z.infer<typeof member>;

export const memberListItem = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  homeLocationName: z.string().nullable(),
  status: z.number().int(),
  lastEntryAt: z.string().nullable(),
  /** The subscriptions of the memberships that run today (by start date). */
  subscriptions: z.array(z.string()),
  createdAt: z.string(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

export { memberSortable, memberTabs } from './list-constants.ts';
export const memberTabOfStatus = {
  [MemberStatus.Active]: 'active',
  [MemberStatus.NonActive]: 'nonActive',
  [MemberStatus.Sleeping]: 'sleeping',
} as const;

export const memberQuery = listQuery(memberSortable).extend({
  status: optionalEnumValue(MemberStatus),
  subscriptionId: idFromText.optional(),
  /** Gym environment only: members with a membership at this location or whose main location it is. */
  locationId: idFromText.optional(),
});

// -------------------------------------------------------------------------------------------- memberships

export const membershipInput = z.object({
  subscriptionId: idSchema,
  variantId: idSchema,
  locationId: idSchema,
  startDate: dateText,
});
export type MembershipInput = z.input<typeof membershipInput>;

export const endMembershipInput = z.object({ endDate: dateText });

export const pauseInput = z.object({ fromDate: dateText, toDate: dateText }).superRefine((value, ctx) => {
  if (value.toDate < value.fromDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'member.errors.pauseEndBeforeStart' });
  }
});
export type PauseInput = z.input<typeof pauseInput>;
/** The longest pause: a year. */
export const MAX_PAUSE_DAYS = 366;

/** A membership of a subscription's members tab. */
export const subscriptionMember = z.object({
  membershipId: z.number().int(),
  memberId: z.number().int(),
  fullName: z.string(),
  variantName: z.string(),
  locationName: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  state: z.number().int(),
});
export type SubscriptionMember = z.infer<typeof subscriptionMember>;
export const subscriptionMemberSortable = ['name', 'startDate'] as const;
export const subscriptionMemberQuery = listQuery(subscriptionMemberSortable).extend({
  /** `true`: only the memberships that run today (or start later); `false`: the ended ones. */
  current: formBoolean.optional(),
});

/** An active subscription the desk can take out (GET /Subscription/Offered), with what the form needs. */
export const offeredSubscription = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  vatRate: z.number().int(),
  variants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      pricePerPeriod: z.number().int(),
      pricePerPeriodIncludesVat: z.boolean(),
      paymentPerPeriodAmount: z.number().int(),
      paymentPerPeriodType: z.number().int(),
      durationPeriodAmount: z.number().int(),
      durationPeriodType: z.number().int(),
      noticePeriodAmount: z.number().int(),
      noticePeriodType: z.number().int(),
    }),
  ),
  /** The locations that offer it (in the Location environment: the active location only). */
  locations: z.array(named),
  /** Its age groups (none: every age). */
  ageGroups: z.array(
    z.object({ name: z.string(), minimumAge: z.number().int(), maximumAge: z.number().int() }),
  ),
});
export type OfferedSubscription = z.infer<typeof offeredSubscription>;

// ---------------------------------------------------------------------------------------------- GDPR

/** Everything the platform holds of a member (GDPR art. 15 and 20), as JSON. */
export const memberExport = z.object({
  exportedAt: z.string(),
  member: member,
  entries: z.array(
    z.object({
      id: z.number().int(),
      locationName: z.string(),
      entryAt: z.string(),
      exitAt: z.string().nullable(),
    }),
  ),
  refusedEntries: z.array(z.object({ locationName: z.string(), at: z.string(), reason: z.string() })),
  /** The member's invoices (and credit invoices) with their lines; amounts in cents. */
  invoices: z.array(
    z.object({
      invoiceNumber: z.string(),
      invoiceDate: z.string(),
      locationName: z.string(),
      totalAmount: z.number().int(),
      status: z.number().int(),
      lines: z.array(
        z.object({
          description: z.string(),
          quantity: z.number().int(),
          vatRate: z.number().int(),
          totalCents: z.number().int(),
        }),
      ),
    }),
  ),
  /** The product orders placed for the member (decision 020). */
  productOrders: z.array(memberExportProductOrder),
  /** Why data is kept after anonymisation (invoices and orders: the retention duty), in nl and en. */
  retention: z.array(memberDataRetentionItem),
});
export type MemberExport = z.infer<typeof memberExport>;

// ---------------------------------------------------------------------------------------------- endpoints

/** Gym environment: the gym right; Location environment: the location right at the active location. */
const members = policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships');

export const memberEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Member',
    policy: members,
    summary: "The active gym's (or location's) members, with a tab per status",
    tags,
    query: memberQuery,
    response: paged(memberListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Member/{id}',
    policy: members,
    summary: 'One member with their memberships',
    tags,
    params: idParam,
    response: member,
  }),
  create: endpoint({
    method: 'POST',
    path: '/Member',
    policy: members,
    summary: 'Enter a member at the desk',
    tags,
    body: memberInput,
    response: member,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/Member',
    policy: members,
    summary: "Change a member's personal data",
    tags,
    body: memberUpdate,
    response: member,
  }),
  addMembership: endpoint({
    method: 'POST',
    path: '/Member/{id}/Membership',
    policy: members,
    summary: 'Take out a subscription for the member (active, offered at the location, fitting age)',
    tags,
    params: idParam,
    body: membershipInput,
    response: member,
  }),
  endMembership: endpoint({
    method: 'PUT',
    path: '/Membership/{id}/End',
    policy: members,
    summary: 'End a membership on a date (not before its start)',
    tags,
    params: idParam,
    body: endMembershipInput,
    response: member,
  }),
  pauseMembership: endpoint({
    method: 'POST',
    path: '/Membership/{id}/Pause',
    policy: members,
    summary: 'Pause (freeze) a membership for a period: no entry then, its end moves by the days paused',
    tags,
    params: idParam,
    body: pauseInput,
    response: member,
  }),
  removePause: endpoint({
    method: 'DELETE',
    path: '/MembershipPause/{id}',
    policy: members,
    summary: 'Cancel a pause that has not started (its end date moves back)',
    tags,
    params: idParam,
    response: nothing,
  }),
  export: endpoint({
    method: 'GET',
    path: '/Member/{id}/Export',
    policy: members,
    summary: 'Everything held of the member, as JSON (GDPR), audited',
    tags,
    params: idParam,
    response: memberExport,
  }),
  anonymise: endpoint({
    method: 'POST',
    path: '/Member/{id}/Anonymise',
    policy: members,
    summary: 'Remove the personal data of a member; entries (and invoices) stay, audited',
    tags,
    params: idParam,
    response: member,
  }),
  openRegistrations: endpoint({
    method: 'GET',
    path: '/Member/OpenRegistration',
    policy: members,
    summary: 'Members who signed up and are not completed yet',
    tags,
    query: listQuery(['name', 'createdAt'] as const),
    response: paged(memberListItem),
  }),
  completeRegistration: endpoint({
    method: 'POST',
    path: '/Member/{id}/CompleteRegistration',
    policy: members,
    summary: 'Complete an open registration: the member gets access to their subscription',
    tags,
    params: idParam,
    response: member,
  }),
  offeredSubscriptions: endpoint({
    method: 'GET',
    path: '/Subscription/Offered',
    policy: members,
    summary: 'The active subscriptions a member can take out (at the active location, in its environment)',
    tags: ['Subscription'],
    response: z.array(offeredSubscription),
  }),
  subscriptionMembers: endpoint({
    method: 'GET',
    path: '/Subscription/{id}/Members',
    policy: policy.gymRight('ManageSubscriptions'),
    summary: "A subscription's memberships (current or ended)",
    tags: ['Subscription'],
    params: idParam,
    query: subscriptionMemberQuery,
    response: paged(subscriptionMember),
  }),
};
