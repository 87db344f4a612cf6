import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { dutchPostalCode } from './address.ts';
import { addDays } from './dates.ts';
import { Gender } from './enums.ts';
import { blankToUndefined } from './form-values.ts';
import { endpoint, idFromText, idParam, idSchema, listQuery, paged, policy } from './http.ts';
import { publicClub } from './location.ts';
import { EMAIL_PATTERN } from './login.ts';
import { ageOn, dateText, dutchToday } from './member.ts';
import { newPassword } from './registration.ts';
import { z } from './zod-setup.ts';

/*
 * The public sign-up (decision 018; spec 001 §2, §5 and §7): a person finds a club
 * by postal code, chooses a club and a membership, gives their data and bank account, and pays the first
 * amount; on the gym's page, a location's page, or a tablet at the desk (kiosk).
 */

const tags = ['SignUp'];

export const clubsInRangeQuery = listQuery(['distance'] as const).extend({
  /** A Dutch postal code, or its four digits. */
  postalCode: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s/g, '').toUpperCase() : value),
    z.string().regex(/^[1-9]\d{3}([A-Z]{2})?$/, 'validation.postalCode'),
  ),
  /** Only this gym's clubs (the gym's own sign-up page). */
  gymSlug: z.string().trim().toLowerCase().max(64).optional(),
});

/** An age group of a subscription on the sign-up pages (both ends included). */
export const publicAgeGroup = z.object({ minimumAge: z.number().int(), maximumAge: z.number().int() });

export const publicVariant = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Incl. VAT, in cents. */
  oneOffCosts: z.number().int(),
  pricePerPeriod: z.number().int(),
  durationPeriodAmount: z.number().int(),
  durationPeriodType: z.number().int(),
  paymentPerPeriodAmount: z.number().int(),
  paymentPerPeriodType: z.number().int(),
  noticePeriodAmount: z.number().int(),
  noticePeriodType: z.number().int(),
  accessType: z.number().int(),
  accessPerPeriodAmount: z.number().int().nullable(),
  accessPerPeriodType: z.number().int().nullable(),
});
export type PublicVariant = z.infer<typeof publicVariant>;

/** A membership a club offers on its sign-up page: the gym's active subscriptions at that location. */
export const publicSubscription = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** `SubscriptionType`: 0 recurring, 1 prepaid. */
  type: z.number().int(),
  vatRate: z.number().int(),
  /** None: every age. */
  ageGroups: z.array(publicAgeGroup),
  variants: z.array(publicVariant),
});
export type PublicSubscription = z.infer<typeof publicSubscription>;
export const publicSubscriptionQuery = z.object({ locationId: idFromText });

/** Whether a date of birth fits a subscription's age groups on the start date (none: every age). */
export const fitsAgeGroups = (
  ageGroups: readonly { minimumAge: number; maximumAge: number }[],
  dateOfBirth: string,
  startDate: string,
) => {
  if (ageGroups.length === 0) return true;
  const age = ageOn(dateOfBirth, startDate);
  return ageGroups.some((group) => age >= group.minimumAge && age <= group.maximumAge);
};

/** An IBAN as a kept library checks it (country, length, check digits), stored in electronic format. */
export const ibanSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (electronicFormatIBAN(value) ?? value) : value),
  z
    .string()
    .max(34)
    .refine((value) => isValidIBAN(value), 'signUp.errors.ibanInvalid')
    .meta({ examples: ['NL91ABNA0417164300'] }),
);

/** The latest start a sign-up may choose: three months ahead. */
export const SIGN_UP_MAX_START_DAYS = 92;

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** The personal data step (spec 001 section 2), the same rules in the form and on the server. */
export const signUpFields = z.object({
  locationId: idSchema,
  subscriptionId: idSchema,
  variantId: idSchema,
  /** Today to three months ahead (`signUpRules`). */
  startDate: dateText.meta({ examples: [dutchToday()] }),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ pattern: EMAIL_PATTERN })),
  password: newPassword,
  confirmPassword: z.string().max(200),
  phoneNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^\+?[0-9][0-9 -]{7,18}$/, 'validation.phoneNumber'),
  /** Salutation: Mr. (0) or Ms. (1). */
  gender: z.union([z.literal(Gender.Male), z.literal(Gender.Female)]),
  firstName: requiredText(64),
  insertion: z.preprocess(blankToUndefined, z.string().trim().max(32).optional()),
  lastName: requiredText(64),
  dateOfBirth: dateText,
  street: requiredText(128),
  houseNumber: requiredText(16),
  postalCode: dutchPostalCode,
  city: requiredText(64),
  accountHolder: requiredText(70),
  iban: ibanSchema,
  /**
   * On the tablet at the desk: no login popup; the person goes back to the start after. It switches off no
   * check: a known address waits for its proof as anywhere else.
   */
  kiosk: z.boolean().default(false),
  /** The language of the page: the confirmation mail is written in it. */
  language: z.enum(['nl', 'en']).default('nl'),
  /** Left empty by people; a bot that fills every field is refused. */
  website: z.string().max(0, 'signUp.errors.refused').optional(),
});

/** The days a membership may start on: today up to `SIGN_UP_MAX_START_DAYS` (three months) ahead. */
export const signUpStartRange = (today: string = dutchToday()) => ({
  first: today,
  last: addDays(today, SIGN_UP_MAX_START_DAYS),
});

/** The rules across fields: the passwords match; the start is today or later, within three months. */
export function signUpRules(
  value: { password: string; confirmPassword: string; startDate: string; dateOfBirth: string },
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
  const today = dutchToday();
  const { first, last } = signUpStartRange(today);
  if (value.startDate < first || value.startDate > last)
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'signUp.errors.startDate' });
  if (value.dateOfBirth > today || ageOn(value.dateOfBirth, today) > 130)
    ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'member.errors.dateOfBirthInvalid' });
}

export const signUpInput = signUpFields.superRefine(signUpRules);
export type SignUpInput = z.input<typeof signUpInput>;

/**
 * A sign-up's answer. Made at once only when the password is that of an account whose address is proven:
 * where to pay the first amount (null when nothing is due now) and the token of the result page
 * (`/inschrijven/resultaat/{resultToken}`: the first invoice's pay link, decision 017). Otherwise nothing is
 * made yet: `mailSent`, a link to the address confirms it (the same answer whether or not the address is
 * known, decision 018).
 */
export const signUpResult = z.object({
  checkoutUrl: z.string().nullable(),
  resultToken: z.string().nullable(),
  mailSent: z.boolean(),
});
export type SignUpResult = z.infer<typeof signUpResult>;

// --------------------------------------------------------------- a sign-up waiting for its address

const confirmTokenParam = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,64}$/, 'signUp.errors.confirmNotFound')
    .meta({ examples: ['A'.repeat(43)] }),
});

/** What the mailed link confirms, shown before it is confirmed. */
export const pendingSignUpView = z.object({
  /** 'signUp': a membership; 'account': only the account of a registration finished from the desk's link. */
  kind: z.enum(['signUp', 'account']),
  gymName: z.string(),
  locationName: z.string().nullable(),
  subscriptionName: z.string().nullable(),
  variantName: z.string().nullable(),
  startDate: z.string().nullable(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
});
export type PendingSignUpView = z.infer<typeof pendingSignUpView>;

/** A confirmed sign-up: where to pay (null: nothing due, or only the account was confirmed). */
export const confirmSignUpResult = z.object({
  checkoutUrl: z.string().nullable(),
  resultToken: z.string().nullable(),
});
export type ConfirmSignUpResult = z.infer<typeof confirmSignUpResult>;

/** A pending sign-up on the desk's list: who, what they chose, and the gym's member of that address. */
export const pendingSignUpItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  email: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  locationName: z.string().nullable(),
  subscriptionName: z.string().nullable(),
  variantName: z.string().nullable(),
  startDate: z.string().nullable(),
  /** The member of that address in the gym (the one a merge brings up to date); null: a new member. */
  member: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
});
export type PendingSignUpItem = z.infer<typeof pendingSignUpItem>;

export const mergeSignUpResult = z.object({ memberId: z.number().int() });

// --------------------------------------------------------------- a registration begun at the desk

/** The link the desk gives a person to finish their registration (its QR code shows the `url`). */
export const registrationLink = z.object({ publicCode: z.string(), url: z.string() });
export type RegistrationLink = z.infer<typeof registrationLink>;

const publicCodeParam = z.object({
  publicCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'signUp.errors.codeNotFound')
    .meta({ examples: ['AAAAAAAAAAAAAAAAAAAAAA'] }),
});

/** What the desk filled in, shown on the page that finishes it. */
export const openRegistration = z.object({
  gymName: z.string(),
  locationName: z.string().nullable(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  gender: z.number().int().nullable(),
  dateOfBirth: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  /** The memberships taken out at the desk, the first period of which is paid on finishing. */
  memberships: z.array(
    z.object({ subscriptionName: z.string(), variantName: z.string(), startDate: z.string() }),
  ),
});
export type OpenRegistration = z.infer<typeof openRegistration>;

/** Finishing it: the personal data step without the club and membership (the desk chose those). */
export const completeSignUpInput = signUpFields
  .omit({ locationId: true, subscriptionId: true, variantId: true, startDate: true })
  .superRefine((value, ctx) => signUpRules({ ...value, startDate: dutchToday() }, ctx));
export type CompleteSignUpInput = z.input<typeof completeSignUpInput>;
export const completeSignUpResult = z.object({
  /** Where to pay the first amount; null when nothing is due. */
  checkoutUrl: z.string().nullable(),
  /** The first invoice's result page token; null without one. */
  resultToken: z.string().nullable(),
});

export const signUpEndpoints = {
  clubsInRange: endpoint({
    method: 'GET',
    path: '/Location/InRangeOfPostalCode',
    policy: policy.public,
    summary:
      'Clubs open for sign-up, the nearest to a postal code first (decision 018 says how near is counted)',
    tags,
    query: clubsInRangeQuery,
    response: paged(publicClub),
  }),
  publicSubscriptions: endpoint({
    method: 'GET',
    path: '/Subscription/Public',
    policy: policy.public,
    summary: "The memberships a club offers on its sign-up page: the gym's active subscriptions there",
    tags,
    query: publicSubscriptionQuery,
    response: z.array(publicSubscription),
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/SignUp',
    policy: policy.public,
    summary:
      'Sign up for a membership: with the password of an account whose address is proven, at once (the member, the membership, the first invoice and its payment); otherwise a pending sign-up and a link mailed to the address, the same answer for a known and an unknown address (rate limited)',
    tags,
    body: signUpInput,
    response: signUpResult,
  }),
  pendingSignUp: endpoint({
    method: 'GET',
    path: '/SignUp/Confirm/{token}',
    policy: policy.public,
    summary: 'A pending sign-up by its mailed link: what confirming it makes (rate limited)',
    tags,
    params: confirmTokenParam,
    response: pendingSignUpView,
  }),
  confirmSignUp: endpoint({
    method: 'POST',
    path: '/SignUp/Confirm/{token}',
    policy: policy.public,
    summary:
      'Confirm a pending sign-up by its mailed link (the address is proven): the account, the member, the membership, the first invoice and its payment (once)',
    tags,
    params: confirmTokenParam,
    response: confirmSignUpResult,
  }),
  pendingSignUps: endpoint({
    method: 'GET',
    path: '/SignUp/Pending',
    policy: policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships'),
    summary: 'Sign-ups waiting for their address to be proven, of the active gym (or location), newest first',
    tags,
    query: listQuery(['createdAt', 'name'] as const),
    response: paged(pendingSignUpItem),
  }),
  mergePendingSignUp: endpoint({
    method: 'POST',
    path: '/SignUp/Pending/{id}/Merge',
    policy: policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships'),
    summary:
      "Merge a pending sign-up (the desk knows the person): its data on the gym's member of the address (or a new one) and its membership; no account is linked",
    tags,
    params: idParam,
    response: mergeSignUpResult,
  }),
  dismissPendingSignUp: endpoint({
    method: 'POST',
    path: '/SignUp/Pending/{id}/Dismiss',
    policy: policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships'),
    summary: 'Dismiss a pending sign-up: nothing of it is kept on a member; its link no longer works',
    tags,
    params: idParam,
    response: z.null(),
  }),
  registrationLink: endpoint({
    method: 'POST',
    path: '/Member/{id}/RegistrationLink',
    policy: policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships'),
    summary: 'The link (and its code) with which a member finishes a registration begun at the desk',
    tags,
    params: idParam,
    response: registrationLink,
  }),
  openRegistration: endpoint({
    method: 'GET',
    path: '/SignUp/Open/{publicCode}',
    policy: policy.public,
    summary: 'A registration begun at the desk, by its link (rate limited)',
    tags,
    params: publicCodeParam,
    response: openRegistration,
  }),
  completeOpenRegistration: endpoint({
    method: 'POST',
    path: '/SignUp/Open/{publicCode}',
    policy: policy.public,
    summary:
      'Finish a registration begun at the desk: account, data, bank account, and the first payment (once)',
    tags,
    params: publicCodeParam,
    body: completeSignUpInput,
    response: completeSignUpResult,
  }),
};
