import { dutchPostalCode } from './address.ts';
import { MemberStatus, PaymentProviderKind } from './enums.ts';
import { timeOfDayText } from './form-values.ts';
import { endpoint, idFromText, idParam, idSchema, listQuery, paged, policy } from './http.ts';
import { type Claims, hasGymRight } from './session.ts';
import { z } from './zod-setup.ts';

const tags = ['Location'];

/** Who may call the signed-in location endpoints; the service then checks the rights on the location. */
const staff = policy.roles('Admin', 'Employee');

// ---------------------------------------------------------------------------------------------- location

/** May change a location and its settings (schema-free in `claims.ts`, for the web's route guards). */
export { canAlterLocation } from './claims.ts';

/**
 * May set or replace a location's payment provider key, which decides where its members' payments go: the gym
 * right AlterGymInformation in its gym (or an admin). AlterLocationInformation on the location alone shows the
 * provider (masked) but does not change it (decision 015).
 */
export const canSetPaymentKey = (
  claims: Pick<Claims, 'role' | 'activeGymId' | 'gymRights'>,
  location: { gymId: number },
): boolean => hasGymRight(claims, 'AlterGymInformation', location.gymId);

/** Lowercase letters, digits and single hyphens between them: the last part of `/inschrijven/{gym}/{slug}`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || z.email().safeParse(value).success, 'validation.email')
  .optional()
  .nullable();

const locationFields = z.object({
  name: z.string().trim().min(1).max(128),
  slug: z.string().trim().min(1).max(64).regex(SLUG_PATTERN, 'location.errors.slugFormat'),
  email: optionalEmail,
  street: z.string().trim().min(1).max(120),
  houseNumber: z.string().trim().min(1).max(20),
  postalCode: dutchPostalCode,
  city: z.string().trim().min(1).max(100),
  /** Minutes a member is expected to stay after checking in. */
  memberExpectedInsideTime: z.number().int().min(1).max(1440),
  visibleOnRegistrationPage: z.boolean(),
});

export const locationInput = locationFields;
export type LocationInput = z.input<typeof locationInput>;
export const locationUpdate = locationFields.extend({ id: idSchema });
export type LocationUpdate = z.input<typeof locationUpdate>;

/** A row of the locations list. */
export const locationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  visibleOnRegistrationPage: z.boolean(),
});
export type LocationSummary = z.infer<typeof locationSummary>;

/** Member status of a location's member (spec 001 section 4); set by days of absence, except Active. */
export const memberStatusWithRequirement = z.literal([MemberStatus.NonActive, MemberStatus.Sleeping]);

/** `requiredDaysOfAbsence` null (or left out): the status is not given by absence at this location. */
export const statusRequirement = z.object({
  memberStatus: memberStatusWithRequirement,
  requiredDaysOfAbsence: z.number().int().min(1).max(3650).nullish(),
});
export type StatusRequirement = z.infer<typeof statusRequirement>;

export const locationDetail = locationSummary.extend({
  gymId: z.number().int(),
  memberExpectedInsideTime: z.number().int(),
  /** The content of the QR code at the door: the bare code (see `issueQrCode`). */
  qrCode: z.string().nullable(),
  qrCodeIssuedAt: z.string().nullable(),
  /** Always Non-active (1) then Sleeping (2); days null when not set. */
  statusRequirements: z.array(statusRequirement),
});
export type LocationDetail = z.infer<typeof locationDetail>;

export const locationSortable = ['name', 'city', 'postalCode'] as const;
export const locationListQuery = listQuery(locationSortable);

/** What anyone may know of a location shown on the public sign-up pages. */
export const publicLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});
export type PublicLocation = z.infer<typeof publicLocation>;

/** A club on the sign-up pages: a location visible for registration, with its gym (decision 018). */
export const publicClub = publicLocation.extend({
  gym: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    bannerHash: z.string().nullable(),
  }),
});
export type PublicClub = z.infer<typeof publicClub>;

export const publicLocationQuery = listQuery(['name', 'city'] as const)
  .extend({
    gymSlug: z.string().trim().toLowerCase().max(64).optional(),
    gymId: idFromText.optional(),
    /** One club of the gym by its slug (a club's sign-up page). */
    locationSlug: z.string().trim().toLowerCase().max(64).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.gymSlug && value.gymId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['gymSlug'], message: 'validation.required' });
    }
  });

export const qrCodeResponse = z.object({ qrCode: z.string(), qrCodeIssuedAt: z.string() });

// ------------------------------------------------------------------------------------ status requirements

export const editStatusRequirements = z
  .object({ statusRequirements: z.array(statusRequirement).max(2) })
  .superRefine(({ statusRequirements }, ctx) => {
    const seen = new Set<number>();
    statusRequirements.forEach((entry, index) => {
      if (seen.has(entry.memberStatus)) {
        ctx.addIssue({
          code: 'custom',
          path: ['statusRequirements', index, 'memberStatus'],
          message: 'location.errors.statusTwice',
        });
      }
      seen.add(entry.memberStatus);
    });
    const days = (status: number) =>
      statusRequirements.find((entry) => entry.memberStatus === status)?.requiredDaysOfAbsence ?? null;
    const nonActive = days(MemberStatus.NonActive);
    const sleeping = days(MemberStatus.Sleeping);
    if (nonActive !== null && sleeping !== null && sleeping <= nonActive) {
      ctx.addIssue({
        code: 'custom',
        path: [
          'statusRequirements',
          statusRequirements.findIndex((entry) => entry.memberStatus === MemberStatus.Sleeping),
          'requiredDaysOfAbsence',
        ],
        message: 'location.errors.sleepingAfterNonActive',
      });
    }
  });
export type EditStatusRequirements = z.input<typeof editStatusRequirements>;

// ------------------------------------------------------------------------------------- payment provider

/** A Mollie API key: `test_` or `live_` and at least 30 letters and digits. */
export const MOLLIE_API_KEY_PATTERN = /^(test|live)_[A-Za-z0-9]{30,}$/;

export const paymentProviderInput = z.object({
  kind: z.literal(PaymentProviderKind.Mollie),
  apiKey: z.string().trim().min(1).max(200).regex(MOLLIE_API_KEY_PATTERN, 'location.errors.apiKeyFormat'),
});
export type PaymentProviderInput = z.input<typeof paymentProviderInput>;

/** The key is never sent back: only its prefix and last four characters, e.g. `test_••••••••abcd`. */
export const paymentProvider = z.object({
  id: z.number().int(),
  kind: z.number().int(),
  apiKeyMasked: z.string(),
});
export type PaymentProvider = z.infer<typeof paymentProvider>;

// ---------------------------------------------------------------------------------------- opening hours

export { timeOfDayText };

export const openingRange = z.object({ from: timeOfDayText, to: timeOfDayText });
export type OpeningRange = z.infer<typeof openingRange>;

export const openingDay = z.object({
  /** 0 Sunday ... 6 Saturday. */
  weekday: z.number().int().min(0).max(6),
  closed: z.boolean(),
  ranges: z.array(openingRange).max(12),
});
export type OpeningDay = z.infer<typeof openingDay>;

/**
 * Rules of a week of opening hours: each weekday once; a closed day has no ranges, an open day at least
 * one; each range starts before it ends; the ranges of a day do not overlap (the error is on the later one).
 */
const weekRules = (days: OpeningDay[], ctx: z.RefinementCtx) => {
  const seen = new Set<number>();
  days.forEach((day, dayIndex) => {
    const at = (...rest: (string | number)[]) => ['days', dayIndex, ...rest];
    if (seen.has(day.weekday)) {
      ctx.addIssue({ code: 'custom', path: at('weekday'), message: 'location.errors.weekdayTwice' });
    }
    seen.add(day.weekday);
    if (day.closed && day.ranges.length > 0) {
      ctx.addIssue({ code: 'custom', path: at('ranges'), message: 'location.errors.closedDayHasRanges' });
    }
    if (!day.closed && day.ranges.length === 0) {
      ctx.addIssue({ code: 'custom', path: at('ranges'), message: 'location.errors.openDayNeedsRange' });
    }
    day.ranges.forEach((range, rangeIndex) => {
      if (range.from >= range.to) {
        ctx.addIssue({
          code: 'custom',
          path: at('ranges', rangeIndex, 'to'),
          message: 'location.errors.rangeOrder',
        });
      }
    });
    const ordered = day.ranges
      .map((range, index) => ({ ...range, index }))
      .filter((range) => range.from < range.to)
      .sort((a, b) => (a.from === b.from ? a.index - b.index : a.from < b.from ? -1 : 1));
    let latestEnd = '';
    for (const range of ordered) {
      if (latestEnd && range.from < latestEnd) {
        ctx.addIssue({
          code: 'custom',
          path: at('ranges', range.index, 'from'),
          message: 'location.errors.rangesOverlap',
        });
      }
      if (range.to > latestEnd) latestEnd = range.to;
    }
  });
};

/** A whole week of a location; weekdays left out are closed. */
export const openingHoursInput = z
  .object({ locationId: idSchema, days: z.array(openingDay).max(7) })
  .superRefine((value, ctx) => weekRules(value.days, ctx));
export type OpeningHoursInput = z.input<typeof openingHoursInput>;

/** All seven weekdays, Sunday (0) first, ranges by start time. */
export const openingHours = z.object({ locationId: z.number().int(), days: z.array(openingDay) });
export type OpeningHours = z.infer<typeof openingHours>;

// -------------------------------------------------------------------------------------------- endpoints

export const locationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Location',
    policy: staff,
    summary:
      'Locations of the active gym (admins: their active gym); an employee with only location rights sees those locations',
    tags,
    query: locationListQuery,
    response: paged(locationSummary),
  }),
  publicList: endpoint({
    method: 'GET',
    path: '/Location/Public',
    policy: policy.public,
    summary:
      'Locations of a gym (by gymSlug or gymId; one by locationSlug) shown on the public sign-up pages, with the gym; public fields only',
    tags,
    query: publicLocationQuery,
    response: paged(publicClub),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Location/{id}',
    policy: staff,
    summary:
      'One location with its status requirements: admin, any gym right in its gym, or any location right on it',
    tags,
    params: idParam,
    response: locationDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/Location',
    policy: policy.gymRight('AlterGymInformation'),
    summary: 'Add a location to the active gym (AlterGymInformation)',
    tags,
    body: locationInput,
    response: locationDetail,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/Location',
    policy: staff,
    summary: 'Change a location: AlterGymInformation in its gym or AlterLocationInformation on it',
    tags,
    body: locationUpdate,
    response: locationDetail,
  }),
  issueQrCode: endpoint({
    method: 'PUT',
    path: '/Location/{id}/QrCode',
    policy: staff,
    summary:
      'Issue a new random QR code (the old one stops working). The QR code holds the bare code, which the member app sends when checking in; rights as for changing the location',
    tags,
    params: idParam,
    response: qrCodeResponse,
  }),
  editStatusRequirements: endpoint({
    method: 'PUT',
    path: '/Location/{id}/EditStatusRequirements',
    policy: staff,
    summary:
      'Days of absence after which a member becomes Non-active (1) or Sleeping (2); null clears one. Rights as for changing the location',
    tags,
    params: idParam,
    body: editStatusRequirements,
    response: z.array(statusRequirement),
  }),
  getPaymentProvider: endpoint({
    method: 'GET',
    path: '/Location/{id}/PaymentProvider',
    policy: staff,
    summary: 'The payment provider of a location with its API key masked, or null; rights as for changing it',
    tags,
    params: idParam,
    response: paymentProvider.nullable(),
  }),
  addPaymentProvider: endpoint({
    method: 'POST',
    path: '/Location/{id}/AddPaymentProvider',
    policy: staff,
    summary:
      'Add the payment provider of a location (one per location: 409 when it has one). Needs AlterGymInformation ' +
      "in the location's gym (or admin); a Mollie test key is refused in production (400); audited without the " +
      "key and mailed to the gym's owners",
    tags,
    params: idParam,
    body: paymentProviderInput,
    response: paymentProvider,
  }),
  updatePaymentProvider: endpoint({
    method: 'PUT',
    path: '/LocationPaymentProvider/{id}',
    policy: staff,
    summary:
      'Replace the kind and API key of a payment provider (id of the provider); rights, test keys, audit and ' +
      'mail as for adding it',
    tags,
    params: idParam,
    body: paymentProviderInput,
    response: paymentProvider,
  }),
  saveOpeningHours: endpoint({
    method: 'POST',
    path: '/LocationOpeningHours/openingHours',
    policy: staff,
    summary: 'Replace the week of opening hours of a location; rights as for changing the location',
    tags,
    body: openingHoursInput,
    response: openingHours,
  }),
  getOpeningHours: endpoint({
    method: 'GET',
    path: '/LocationOpeningHours/openingHours/{id}',
    policy: staff,
    summary: 'The opening hours of a location (id of the location), all seven weekdays',
    tags,
    params: idParam,
    response: openingHours,
  }),
};
