import { timeOfDayText } from './form-values.ts';
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
import { dateText } from './member.ts';
import { z } from './zod-setup.ts';

/*
 * Entries at the door and who is inside (spec 001 §3 and §5; decision 014). A member checks
 * in with the member app by scanning the location's QR code; staff register, correct and delete entries by
 * hand, and let in a member the door refused. Times are the location's local time (Europe/Amsterdam).
 */

const tags = ['Entry'];

/** How an entry came about. */
export const EntrySource = { CheckIn: 0, Desk: 1, Approved: 2 } as const;

/** Why the door refused a check-in: `entry.refused.<reason>` translates it. */
export const refusalReasons = [
  'noMembership',
  'paused',
  'notInTimeSlot',
  'limitReached',
  'registrationOpen',
  'openPayment',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

function exitNotBeforeEntry(
  value: { entryTime: string; exitTime?: string | undefined },
  ctx: z.RefinementCtx,
) {
  // HH:mm texts compare as times.
  if (value.exitTime !== undefined && value.exitTime < value.entryTime) {
    ctx.addIssue({ code: 'custom', path: ['exitTime'], message: 'entry.errors.exitBeforeEntry' });
  }
}

const optionalTime = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  timeOfDayText.optional(),
);

export const entryFields = z.object({
  date: dateText,
  entryTime: timeOfDayText,
  /** Not earlier than the entry time (spec 001 section 5); none: still inside. */
  exitTime: optionalTime,
});

export const entryInput = entryFields
  .extend({
    memberId: idSchema,
    /** The membership it counts on; none: the member's membership valid that day at the location. */
    membershipId: idSchema.optional(),
  })
  .superRefine(exitNotBeforeEntry);
export type EntryInput = z.input<typeof entryInput>;

export const entryUpdate = entryFields.extend({ id: idSchema }).superRefine(exitNotBeforeEntry);
export type EntryUpdate = z.input<typeof entryUpdate>;

export const entry = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }),
  membershipId: z.number().int().nullable(),
  subscriptionName: z.string().nullable(),
  /** The local date and times (HH:mm) of entry and exit. */
  date: z.string(),
  entryTime: z.string(),
  exitTime: z.string().nullable(),
  entryAt: z.string(),
  exitAt: z.string().nullable(),
  source: z.number().int(),
});
export type Entry = z.infer<typeof entry>;

export const entrySortable = ['entryAt', 'name'] as const;
export const entryQuery = listQuery(entrySortable).extend({
  /** From and to this local date (both included). */
  from: dateText.optional(),
  to: dateText.optional(),
  memberId: idFromText.optional(),
});

export const checkInInput = z.object({ qrCode: z.string().trim().min(1).max(200) });
export const checkInResult = z.object({
  admitted: z.boolean(),
  /** When refused: why (`refusalReasons`); when admitted with a warning: 'openPayment' (in debt, decision 017). */
  reason: z.enum(refusalReasons).nullable(),
  locationName: z.string(),
  entryId: z.number().int().nullable(),
});
export type CheckInResult = z.infer<typeof checkInResult>;

export const entryAttempt = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  at: z.string(),
  reason: z.enum(refusalReasons),
  /** The entry a staff member let them in with, if any. */
  approvedEntryId: z.number().int().nullable(),
});
export type EntryAttempt = z.infer<typeof entryAttempt>;
export const entryAttemptQuery = listQuery(['at', 'name'] as const).extend({
  /** `true`: only the attempts nobody approved yet. */
  open: formBoolean.optional(),
  from: dateText.optional(),
  to: dateText.optional(),
});

export const insideMember = z.object({
  entryId: z.number().int(),
  memberId: z.number().int(),
  fullName: z.string(),
  entryAt: z.string(),
  entryTime: z.string(),
  subscriptionName: z.string().nullable(),
});
export type InsideMember = z.infer<typeof insideMember>;
export const insideMemberQuery = listQuery(['entryAt', 'name'] as const);

const entries = policy.locationRight('ManageMembershipEntries');

export const entryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Entry',
    policy: policy.gymOrLocationRight('ManageMemberships', 'ManageMembershipEntries'),
    summary: "Entries of the active location (or, with memberId, of the gym's member), by date range",
    tags,
    query: entryQuery,
    response: paged(entry),
  }),
  create: endpoint({
    method: 'POST',
    path: '/Entry',
    policy: entries,
    summary: 'Register an entry of a member at the active location by hand',
    tags,
    body: entryInput,
    response: entry,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/Entry',
    policy: entries,
    summary: "Correct an entry's date and times",
    tags,
    body: entryUpdate,
    response: entry,
  }),
  exit: endpoint({
    method: 'PUT',
    path: '/Entry/{id}/Exit',
    policy: entries,
    summary: 'Record that the member left, now',
    tags,
    params: idParam,
    response: entry,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/Entry/{id}',
    policy: entries,
    summary: 'Delete an entry registered in error',
    tags,
    params: idParam,
    response: nothing,
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/Entry/CheckIn',
    policy: policy.signedIn,
    summary: "The member app's check-in with the location's QR code: admitted, or refused with the reason",
    tags,
    body: checkInInput,
    response: checkInResult,
  }),
  attempts: endpoint({
    method: 'GET',
    path: '/EntryAttempt',
    policy: entries,
    summary: 'Check-ins the door refused at the active location',
    tags,
    query: entryAttemptQuery,
    response: paged(entryAttempt),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/EntryAttempt/{id}/Approve',
    policy: entries,
    summary: 'Let in a member the door refused (an entry of its own, audited)',
    tags,
    params: idParam,
    response: entry,
  }),
  inside: endpoint({
    method: 'GET',
    path: '/Location/{id}/InsideMembers',
    policy: entries,
    summary: "Members inside now: an entry without exit within the location's expected time inside",
    tags,
    params: idParam,
    query: insideMemberQuery,
    response: paged(insideMember),
  }),
};
