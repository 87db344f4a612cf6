import { endpoint, fileUpload, idParam, idSchema, listQuery, nothing, paged, policy } from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['Gym'];

/** Slugs the sign-up pages take for themselves. */
export const RESERVED_GYM_SLUGS: readonly string[] = ['resultaat', 'afronden'];

/**
 * The gym's part of the public sign-up link (`/inschrijven/{slug}`): lowercase letters, digits and single
 * dashes between them. Capitals are lowered rather than refused; uniqueness is case-insensitive anyway.
 */
export const gymSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'gym.errors.slugFormat')
  // The sign-up's own pages (`/inschrijven/resultaat/...`, `/inschrijven/afronden/...`, decision 018).
  .refine((slug) => !RESERVED_GYM_SLUGS.includes(slug), 'gym.errors.slugReserved');

/** The slug the add form suggests for a name: 'Sportschool De Brug' -> 'sportschool-de-brug'. */
export function suggestGymSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

export const gymInput = z.object({
  name: z.string().trim().min(1).max(100),
  slug: gymSlug,
});
export type GymInput = z.input<typeof gymInput>;
export const gymUpdate = gymInput.extend({ id: idSchema });
export type GymUpdate = z.input<typeof gymUpdate>;

export const gym = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Banner of the public sign-up pages; null when the gym has none. */
  bannerHash: z.string().nullable(),
  locationCount: z.number().int(),
  employeeCount: z.number().int(),
  createdAt: z.string(),
});
export type Gym = z.infer<typeof gym>;

/** What anyone may know of a gym: it feeds the public sign-up pages. */
export const publicGym = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  bannerHash: z.string().nullable(),
});
export type PublicGym = z.infer<typeof publicGym>;

/**
 * What a Dutch invoice must show of its issuer besides name and address: the Chamber of Commerce number
 * (KvK, 8 digits) and the VAT identification number (btw-id, `NL` + 9 digits + `B` + 2 digits). Either may be
 * left empty until known; the invoices' PDF shows what is set.
 */
export const gymInvoiceDetailsInput = z.object({
  id: idSchema,
  kvkNumber: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s/g, '') || null : value),
    z
      .string()
      .regex(/^\d{8}$/, 'gym.errors.kvkFormat')
      .meta({ examples: ['12345678'] })
      .nullable(),
  ),
  vatNumber: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s.]/g, '').toUpperCase() || null : value),
    z
      .string()
      .regex(/^NL\d{9}B\d{2}$/, 'gym.errors.vatFormat')
      .meta({ examples: ['NL123456789B01'] })
      .nullable(),
  ),
  /**
   * The SEPA creditor identifier (incassant-ID) of the direct debits: `NL`, 2 check digits, a business code
   * of 3 characters, then the KvK number and 4 digits (`NL98ZZZ999999999999`).
   */
  sepaCreditorId: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s/g, '').toUpperCase() || null : value),
    z
      .string()
      .regex(/^NL\d{2}[A-Z0-9]{3}\d{12}$/, 'gym.errors.creditorIdFormat')
      .meta({ examples: ['NL98ZZZ999999999999'] })
      .nullable()
      .optional(),
  ),
});
export type GymInvoiceDetailsInput = z.input<typeof gymInvoiceDetailsInput>;
export const gymInvoiceDetails = z.object({
  id: z.number().int(),
  kvkNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  sepaCreditorId: z.string().nullable(),
});
export type GymInvoiceDetails = z.infer<typeof gymInvoiceDetails>;

export const gymRegistrationSettings = z.object({
  id: z.number().int(),
  bannerHash: z.string().nullable(),
});
export type GymRegistrationSettings = z.infer<typeof gymRegistrationSettings>;

/** `PUT /Gym/Registration`: the gym, and a new banner when one is chosen (without it nothing changes). */
export const gymRegistrationForm = z.object({
  // Form parts are text: a number in it becomes one; a missing id stays missing (validation.required).
  id: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    idSchema,
  ),
  banner: fileUpload.optional(),
});

export const gymSortable = ['name', 'slug', 'createdAt'] as const;
export const gymListQuery = listQuery(gymSortable);

export const gymEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Gym',
    policy: policy.roles('Admin'),
    summary: 'All gyms with their numbers of locations and employees (admin)',
    tags,
    query: gymListQuery,
    response: paged(gym),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Gym/{id}',
    policy: policy.roles('Admin', 'Employee'),
    summary: 'One gym with its counts: admins any, employees a gym they hold rights in',
    tags,
    params: idParam,
    response: gym,
  }),
  getPublic: endpoint({
    method: 'GET',
    path: '/Gym/public/{id}',
    policy: policy.public,
    summary: 'The public face of a gym (name, slug, banner) for the sign-up pages',
    tags,
    params: idParam,
    response: publicGym,
  }),
  create: endpoint({
    method: 'POST',
    path: '/Gym',
    policy: policy.roles('Admin'),
    summary: 'Add a gym',
    tags,
    body: gymInput,
    response: gym,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/Gym',
    policy: policy.gymRight('AlterGymInformation'),
    summary: 'Change name and slug of a gym (admins any, others their active gym)',
    tags,
    body: gymUpdate,
    response: gym,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/Gym',
    policy: policy.roles('Admin'),
    summary: 'Delete a gym that has no locations (left)',
    tags,
    body: z.object({ id: idSchema }),
    response: nothing,
  }),
  invoiceDetails: endpoint({
    method: 'GET',
    path: '/Gym/{id}/InvoiceDetails',
    policy: policy.gymRight('AlterGymInformation'),
    summary: 'The KvK and VAT numbers a gym’s invoices show',
    tags,
    params: idParam,
    response: gymInvoiceDetails,
  }),
  updateInvoiceDetails: endpoint({
    method: 'PUT',
    path: '/Gym/InvoiceDetails',
    policy: policy.gymRight('AlterGymInformation'),
    summary: 'Set the KvK and VAT numbers a gym’s invoices show',
    tags,
    body: gymInvoiceDetailsInput,
    response: gymInvoiceDetails,
  }),
  registrationSettings: endpoint({
    method: 'GET',
    path: '/Gym/{id}/registrationSettings',
    policy: policy.gymRight('AlterGymInformation'),
    summary: 'Settings of the public sign-up pages of a gym',
    tags,
    params: idParam,
    response: gymRegistrationSettings,
  }),
  updateRegistration: endpoint({
    method: 'PUT',
    path: '/Gym/Registration',
    policy: policy.gymRight('AlterGymInformation'),
    summary: 'Set the banner of the public sign-up pages (multipart: id, optional banner image)',
    tags,
    form: gymRegistrationForm,
    response: gymRegistrationSettings,
  }),
  removeBanner: endpoint({
    method: 'DELETE',
    path: '/Gym/{id}/banner',
    policy: policy.gymRight('AlterGymInformation'),
    summary: 'Remove the banner of the public sign-up pages',
    tags,
    params: idParam,
    response: gymRegistrationSettings,
  }),
};
