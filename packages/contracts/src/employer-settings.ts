import { dutchPostalCode } from './address.ts';
import { associationLocation } from './association.ts';
import { employerName } from './employer.ts';
import { AddressType, ContractDuration, EmployerPaymentType } from './enums.ts';
import { blankToUndefined, enumValue } from './form-values.ts';
import {
  endpoint,
  fileUpload,
  formBoolean,
  formJson,
  idFromText,
  idParam,
  idSchema,
  listQuery,
  paged,
  policy,
} from './http.ts';
import { EMAIL_PATTERN } from './login.ts';
import { centsAmount } from './money.ts';
import { z } from './zod-setup.ts';

/*
 * The employer's settings (spec 000 `/employer/settings`, spec 001 §3 "Employer settings"):
 * general data with the logo, its addresses and contact persons, where its invoices go, and its financial
 * settings. Always of the session's active employer (decision 003 for the paths the spec only names).
 */

const tags = ['EmployerSettings'];
/** Employer menu: Admin or Employer (spec 001 section 6); the service scopes to the active employer. */
const employerStaff = policy.roles('Employer', 'Admin');

/** The most addresses and contact persons one employer keeps. */
export const MAX_EMPLOYER_ADDRESSES = 10;
export const MAX_EMPLOYER_CONTACTS = 10;
/** The highest employer contribution: EUR 100,000.00, in cents. */
export const MAX_CONTRIBUTION_CENTS = 10_000_000;
/** The longest extension of a contract, in years. */
export const MAX_EXTENSION_YEARS = 10;

/** A text that may be left empty: blank counts as not given (null when stored). */
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional().nullable());

const optionalEmail = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(254)
    .meta({ examples: ['facturen@example.com'] })
    .pipe(z.email({ pattern: EMAIL_PATTERN }))
    .optional()
    .nullable(),
);

/** ISO 3166 country code, two letters (`NL`, `BE`, `DE`); stored in capitals. */
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'employerSettings.errors.country')
  .meta({ examples: ['NL'] })
  .transform((value) => value.toUpperCase());

/** The countries the address modal offers (any two-letter code is accepted). */
export const employerAddressCountries = ['NL', 'BE', 'DE', 'LU', 'FR', 'GB'] as const;

/** The address modal: street, houseNumber, city, addressType, postalCode, country (a Dutch postal code in NL). */
export const employerAddressInput = z
  .object({
    addressType: enumValue(AddressType),
    street: z.string().trim().min(1).max(120),
    houseNumber: z.string().trim().min(1).max(20),
    postalCode: z.string().trim().min(1).max(10),
    city: z.string().trim().min(1).max(100),
    country: countryCode,
  })
  .superRefine((value, ctx) => {
    if (value.country === 'NL' && !dutchPostalCode.safeParse(value.postalCode).success) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'validation.postalCode' });
    }
  })
  .transform((value) =>
    value.country === 'NL' ? { ...value, postalCode: dutchPostalCode.parse(value.postalCode) } : value,
  );
export type EmployerAddressInput = z.input<typeof employerAddressInput>;

/** The contact person modal (spec 000 section 3, Contact person). */
export const employerContactInput = z.object({
  firstName: z.string().trim().min(1).max(64),
  insertion: optionalText(20),
  lastName: z.string().trim().min(1).max(64),
  description: optionalText(200),
  phoneNumber: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(20)
      .regex(/^\+?[0-9][0-9 -]{7,18}$/, 'validation.phoneNumber')
      .optional()
      .nullable(),
  ),
  email: optionalEmail,
  /** What the contact person receives. */
  registrations: z.boolean(),
  newsletters: z.boolean(),
  invoices: z.boolean(),
});
export type EmployerContactInput = z.input<typeof employerContactInput>;

/** The email modal: the single address invoices are sent to (empty: to the contacts marked for invoices). */
export const employerInvoiceEmailInput = z.object({ invoiceEmail: optionalEmail });
export type EmployerInvoiceEmailInput = z.input<typeof employerInvoiceEmailInput>;

/**
 * `PUT /employer/settings` (multipart): everything but the financial settings. `id` is the active employer
 * (another answers 404). The lists are JSON parts and replace the stored ones. A new `logo` replaces the
 * current one, `removeLogo` ('true') drops it; with neither the logo stays.
 */
export const employerSettingsForm = z.object({
  id: idFromText,
  name: employerName,
  description: z.preprocess((value) => value ?? '', z.string().trim().max(1000)),
  personnelNumber: optionalText(32),
  /** Employee access: fitness, home training equipment, online sports, associations. */
  accessFitness: formBoolean,
  accessHomeTraining: formBoolean,
  accessOnlineSports: formBoolean,
  accessAssociations: formBoolean,
  invoiceEmail: employerInvoiceEmailInput.shape.invoiceEmail,
  logo: fileUpload.optional(),
  removeLogo: formBoolean.optional(),
  addresses: formJson(z.array(employerAddressInput).max(MAX_EMPLOYER_ADDRESSES)),
  contacts: formJson(z.array(employerContactInput).max(MAX_EMPLOYER_CONTACTS)),
});

/**
 * `PUT /employer/financialSettings` (JSON). `contributionAmount` keeps the spec's name ("employer
 * contribution amount"); its value is integer cents, as on every money field (decision 020, amended
 * 2026-11-29); the web takes euros and converts.
 */
export const employerFinancialSettingsInput = z.object({
  id: idSchema,
  contractType: enumValue(EmployerPaymentType),
  contractDuration: enumValue(ContractDuration),
  extensionYears: z.number().int().min(0).max(MAX_EXTENSION_YEARS),
  contributionAmount: centsAmount(MAX_CONTRIBUTION_CENTS),
});
export type EmployerFinancialSettingsInput = z.input<typeof employerFinancialSettingsInput>;

export const employerAddress = z.object({
  id: z.number().int(),
  addressType: z.number().int(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});
export type EmployerAddress = z.infer<typeof employerAddress>;

export const employerContact = z.object({
  id: z.number().int(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  description: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  registrations: z.boolean(),
  newsletters: z.boolean(),
  invoices: z.boolean(),
});
export type EmployerContact = z.infer<typeof employerContact>;

/** The financial settings; null until they are first saved. */
export const employerFinancialSettings = z.object({
  contractType: z.number().int().nullable(),
  contractDuration: z.number().int().nullable(),
  extensionYears: z.number().int().nullable(),
  /** In cents. */
  contributionAmount: z.number().int().nullable(),
});
export type EmployerFinancialSettings = z.infer<typeof employerFinancialSettings>;

export const employerSettings = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  personnelNumber: z.string().nullable(),
  /** Stored image (`/cdn/{hash}`); null without a logo. */
  logoHash: z.string().nullable(),
  accessFitness: z.boolean(),
  accessHomeTraining: z.boolean(),
  accessOnlineSports: z.boolean(),
  accessAssociations: z.boolean(),
  invoiceEmail: z.string().nullable(),
  addresses: z.array(employerAddress),
  contacts: z.array(employerContact),
  financial: employerFinancialSettings,
});
export type EmployerSettings = z.infer<typeof employerSettings>;

/** `GET /employer/sort`: employers for a picker, by name. */
export const employerOption = z.object({ id: z.number().int(), name: z.string() });
export type EmployerOption = z.infer<typeof employerOption>;
export const employerOptionQuery = listQuery(['name'] as const);

/** `GET /employer/locations`: where the active employer's employees may go. */
// The same shape as the association screens' locations: one schema.
export const employerLocation = associationLocation;
export type EmployerLocation = z.infer<typeof employerLocation>;
export const employerLocationQuery = listQuery(['name', 'city', 'gymName'] as const);

/** `GET /employer/involvements/{id}`: what the employer is involved in (decision 003). */
export const employerInvolvements = z.object({
  employerId: z.number().int(),
  employees: z.number().int(),
  users: z.number().int(),
  openInvitations: z.number().int(),
  challenges: z.number().int(),
  activeChallenges: z.number().int(),
  storeItems: z.number().int(),
  xpBalance: z.number().int(),
});
export type EmployerInvolvements = z.infer<typeof employerInvolvements>;

export const employerSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/employer/settings/{id}',
    policy: employerStaff,
    summary:
      'The settings of the active employer: general data, logo, addresses, contacts, financial settings',
    tags,
    params: idParam,
    response: employerSettings,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/employer/settings',
    policy: employerStaff,
    summary:
      'Change the active employer (multipart: logo, name, description, personnel number, access, invoice e-mail, addresses and contacts as JSON lists)',
    tags,
    form: employerSettingsForm,
    response: employerSettings,
  }),
  updateFinancial: endpoint({
    method: 'PUT',
    path: '/employer/financialSettings',
    policy: employerStaff,
    summary:
      'Change the financial settings of the active employer (contract, extension, contribution in cents)',
    tags,
    body: employerFinancialSettingsInput,
    response: employerSettings,
  }),
  sort: endpoint({
    method: 'GET',
    path: '/employer/sort',
    policy: employerStaff,
    summary:
      'Employers by name for a picker: every employer (admin) or those the user acts for (id and name)',
    tags,
    query: employerOptionQuery,
    response: paged(employerOption),
  }),
  locations: endpoint({
    method: 'GET',
    path: '/employer/locations',
    policy: employerStaff,
    summary:
      "Locations the active employer's employees may visit: those on the public sign-up pages, when fitness is among their access",
    tags,
    query: employerLocationQuery,
    response: paged(employerLocation),
  }),
  involvements: endpoint({
    method: 'GET',
    path: '/employer/involvements/{id}',
    policy: employerStaff,
    summary:
      'What an employer is involved in: employees, users, open invitations, challenges, store items, XP balance',
    tags,
    params: idParam,
    response: employerInvolvements,
  }),
};
