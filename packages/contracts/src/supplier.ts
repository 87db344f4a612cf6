import { dutchPostalCode } from './address.ts';
import { SupplierStatus } from './enums.ts';
import { blankToUndefined } from './form-values.ts';
import { endpoint, idParam, idSchema, listQuery, paged, policy } from './http.ts';
import { EMAIL_PATTERN } from './login.ts';
import { ibanSchema } from './sign-up.ts';
import { z } from './zod-setup.ts';

const tags = ['Supplier'];
const adminOnly = policy.roles('Admin');

/** The list's tabs besides `all`: one per `SupplierStatus`, in its order. */
export const supplierStatusTabs = ['pending', 'active', 'denied', 'disabled'] as const;
export type SupplierStatusTab = (typeof supplierStatusTabs)[number];
export const supplierStatusOfTab: Record<SupplierStatusTab, number> = {
  pending: SupplierStatus.Pending,
  active: SupplierStatus.Active,
  denied: SupplierStatus.Denied,
  disabled: SupplierStatus.Disabled,
};
/** The tab (and the translation key below `supplier.status.`) of a status. */
export const supplierTabOfStatus = (status: number): SupplierStatusTab =>
  supplierStatusTabs[status] ?? 'pending';

/** Lengths of the company data (spec 001 section 3 shows no bounds; these fit the screens and the mails). */
export const SUPPLIER_LIMITS = {
  name: 128,
  email: 254,
  firstName: 64,
  insertion: 32,
  lastName: 64,
  address: 128,
  houseNumber: 16,
  city: 64,
  country: 64,
  phoneNumber: 20,
} as const;

const requiredText = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** Spaces, dots and dashes people type inside numbers are dropped before the checks. */
const compact = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s.-]/g, '') : value);

/** KvK (Chamber of Commerce) number: digits only, exactly 8 of them. */
export const kvkNumber = z.preprocess(
  compact,
  z
    .string()
    .min(1, 'validation.required')
    .regex(/^\d*$/, 'validation.digitsOnly')
    .length(8, 'supplier.errors.kvkLength')
    .meta({ examples: ['12345678'] }),
);

/** Dutch VAT number: NL, 9 digits, B, 2 digits; spaces and dots dropped, upper case (`NL123456789B01`). */
export const btwNumber = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s.]/g, '').toUpperCase() : value),
  z
    .string()
    .min(1, 'validation.required')
    .max(14, 'supplier.errors.btwInvalid')
    .regex(/^NL\d{9}B\d{2}$/, 'supplier.errors.btwInvalid')
    .meta({ examples: ['NL123456789B01'] }),
);

export const supplierPhoneNumber = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(SUPPLIER_LIMITS.phoneNumber, 'validation.tooLong')
  .regex(/^\+?[0-9][0-9 -]{7,18}$/, 'supplier.errors.phoneInvalid');

/**
 * The company data of a supplier (spec 001 section 3): one schema for the add and edit forms and the
 * server. Company names are unique case-insensitively (409 `name` `supplier.errors.nameTaken`).
 */
export const supplierFields = z.object({
  name: requiredText(SUPPLIER_LIMITS.name),
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(SUPPLIER_LIMITS.email, 'validation.tooLong')
    .pipe(z.email({ pattern: EMAIL_PATTERN })),
  firstName: requiredText(SUPPLIER_LIMITS.firstName),
  insertion: z.preprocess(
    blankToUndefined,
    z.string().trim().max(SUPPLIER_LIMITS.insertion, 'validation.tooLong').optional(),
  ),
  lastName: requiredText(SUPPLIER_LIMITS.lastName),
  address: requiredText(SUPPLIER_LIMITS.address),
  houseNumber: requiredText(SUPPLIER_LIMITS.houseNumber),
  zipcode: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .meta({ examples: ['3542 AB'] })
    .pipe(dutchPostalCode),
  city: requiredText(SUPPLIER_LIMITS.city),
  country: requiredText(SUPPLIER_LIMITS.country),
  phoneNumber: supplierPhoneNumber,
  kvkNumber,
  btwNumber,
  bankAccountNumber: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string('validation.required')
      .meta({ examples: ['NL91ABNA0417164300'] })
      .transform((value, context) => {
        const checked = ibanSchema.safeParse(value);
        if (checked.success) return checked.data;
        for (const issue of checked.error.issues)
          context.addIssue({ code: 'custom', message: issue.message });
        return z.NEVER;
      }),
  ),
});
export type SupplierFields = z.input<typeof supplierFields>;
export type SupplierValues = z.output<typeof supplierFields>;

/** `PUT /Supplier/Edit`: the supplier's id with its company data. */
export const supplierEdit = supplierFields.extend({ id: idSchema });
export type SupplierEdit = z.input<typeof supplierEdit>;

export const supplier = z.object({
  id: z.number().int(),
  name: z.string(),
  // Suppliers from before the company data (migration 0044) may lack any of it.
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  insertion: z.string().nullable(),
  lastName: z.string().nullable(),
  address: z.string().nullable(),
  houseNumber: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  kvkNumber: z.string().nullable(),
  btwNumber: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  /** `SupplierStatus`: Pending 0, Active 1, Denied 2, Disabled 3. */
  status: z.number().int(),
  statusChangedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Accounts acting for the supplier. */
  userCount: z.number().int(),
});
export type Supplier = z.infer<typeof supplier>;

export const supplierSortable = ['name', 'createdAt', 'city'] as const;
/** The list's tabs: all, or one state (`tabCounts` has `all` and each of `supplierStatusTabs`). */
export const supplierListQuery = listQuery(supplierSortable).extend({
  status: z.enum(supplierStatusTabs).optional(),
});

export const supplierEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Supplier/All',
    policy: adminOnly,
    summary: 'All suppliers, per state (tabs with counts), searched on name, email and KvK number (admin)',
    tags,
    query: supplierListQuery,
    response: paged(supplier),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Supplier/Details/{id}',
    policy: policy.roles('Admin', 'Supplier'),
    summary: 'One supplier with its company data (admin; a supplier user: its own active supplier only)',
    tags,
    params: idParam,
    response: supplier,
  }),
  add: endpoint({
    method: 'POST',
    path: '/Supplier/Add',
    policy: adminOnly,
    summary: 'Add a supplier (Pending) and mail a supplier invitation to its email address',
    tags,
    body: supplierFields,
    response: supplier,
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/Supplier/Edit',
    policy: policy.roles('Admin', 'Supplier'),
    summary: "Change a supplier's company data (admin; a supplier user: its own active supplier only)",
    tags,
    body: supplierEdit,
    response: supplier,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/Supplier/{id}/Accept',
    policy: adminOnly,
    summary: 'Accept a Pending or Denied supplier: it becomes Active (mailed)',
    tags,
    params: idParam,
    response: supplier,
  }),
  deny: endpoint({
    method: 'POST',
    path: '/Supplier/{id}/Deny',
    policy: adminOnly,
    summary: 'Deny a Pending supplier (mailed)',
    tags,
    params: idParam,
    response: supplier,
  }),
  disable: endpoint({
    method: 'DELETE',
    path: '/Supplier/{id}',
    policy: adminOnly,
    summary:
      'Disable a supplier: its users no longer act for it, its products leave the catalogue; nothing is deleted',
    tags,
    params: idParam,
    response: supplier,
  }),
  reEnable: endpoint({
    method: 'PUT',
    path: '/Supplier/ReEnable/{id}',
    policy: adminOnly,
    summary: 'Enable a Disabled supplier again: it becomes Active',
    tags,
    params: idParam,
    response: supplier,
  }),
};
