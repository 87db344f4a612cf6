import { dutchPostalCode } from './address.ts';
import {
  ElevatorOnLocation,
  Floor,
  IFitOption,
  languages,
  OrderPaymentMethod,
  PaymentFrequency,
  PersonalTrainerDuration,
  ProductOrderStatus,
} from './enums.ts';
import { blankToUndefined, enumValue } from './form-values.ts';
import { endpoint, idParam, idSchema, listQuery, paged, policy } from './http.ts';
import { EMAIL_PATTERN } from './login.ts';
import { z } from './zod-setup.ts';

/*
 * Product orders (decision 020): a location orders an accepted fitness product of an
 * Active supplier for a member of its gym or a new customer (the spec's six-step wizard: product, customer,
 * delivery, payment, summary, success); the supplier moves it one step at a time (New, Paid, Prepared,
 * Planned, Delivered) and sets the delivery date. Every step is mailed to the customer in the order's
 * language. Money in integer cents on the wire and in the database; the spec names only "price" (the web
 * shows euros). Decision 020, amended 2026-11-29.
 *
 * Access: the location side needs the location right ManageMemberships at the active location (the staff
 * who take out memberships for the location's members order for them too; gym staff with the gym right of
 * that name count at the active location, admins too); the supplier side is the supplier's staff (their
 * active supplier) or an admin acting for a supplier (an admin without an active supplier: every order).
 */

/*
 * Error keys (nl and en in the web's product-order texts): productOrder.errors.notFound (404),
 * productNotFound (404: no such product, or deleted), productNotAccepted (409: never accepted),
 * supplierNotActive (409), memberNotFound (404: not a member of the location's gym), nextStepOnly (409),
 * deliveryDateRequired (409: Planned is reached by setting a delivery date), deliveryDateInPast (400),
 * deliveryDateNotAllowed (409: only Prepared or Planned), notPayable (409: not a New iDEAL order),
 * paidByPaymentOnly (409: an iDEAL order becomes Paid by its payment only, never by hand).
 */

const tags = ['ProductOrder'];
/** Location staff who manage memberships, at the session's active location. */
export const productOrderLocationPolicy = policy.locationRight('ManageMemberships');
/** The supplier's staff (active supplier), or an admin. */
export const productOrderSupplierPolicy = policy.roles('Admin', 'Supplier');

export const PRODUCT_ORDER_PARTICULARITIES_MAX = 1000;
export const PRODUCT_ORDER_QUANTITY_MAX = 100;

/** The statuses in their order; a status moves only to the next one. */
export const productOrderStatuses = [
  ProductOrderStatus.New,
  ProductOrderStatus.Paid,
  ProductOrderStatus.Prepared,
  ProductOrderStatus.Planned,
  ProductOrderStatus.Delivered,
] as number[];
/** The status an order may move to next (null: Delivered, the last). */
export const nextProductOrderStatus = (status: number): number | null =>
  status >= ProductOrderStatus.Delivered ? null : status + 1;

/**
 * An order that is done: Delivered (and, once orders can be cancelled, Cancelled). When its member is
 * anonymised, a done order's customer fields are blanked; an open one keeps them until it is done (they are
 * needed to be paid and to deliver), and is blanked then (decision 020).
 */
export const productOrderIsDone = (status: number): boolean => status === ProductOrderStatus.Delivered;

/** The list tabs (spec: Ordered, Paid, Delivered) and the statuses each shows. */
export const productOrderTabs = ['ordered', 'paid', 'delivered'] as const;
export type ProductOrderTab = (typeof productOrderTabs)[number];
export const PRODUCT_ORDER_TAB_STATUSES: Readonly<Record<ProductOrderTab, readonly number[]>> = {
  ordered: [ProductOrderStatus.New],
  paid: [ProductOrderStatus.Paid, ProductOrderStatus.Prepared, ProductOrderStatus.Planned],
  delivered: [ProductOrderStatus.Delivered],
};

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optionalEmail = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ pattern: EMAIL_PATTERN }))
    .optional(),
);
const optionalPhone = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(20)
    .regex(/^\+?[0-9][0-9 -]{7,18}$/, 'validation.phoneNumber')
    .optional(),
);
const optionalPostalCode = z.preprocess(blankToUndefined, dutchPostalCode.optional());
const optionalEnum = (values: Record<string, number>) =>
  z.preprocess(blankToUndefined, enumValue(values).optional());

/** The customer's fields (a new customer: all but insertion and phone required; a member: what it lacks). */
export const productOrderCustomerFields = {
  firstName: optionalText(64),
  insertion: optionalText(32),
  lastName: optionalText(64),
  street: optionalText(128),
  houseNumber: optionalText(16),
  postalCode: optionalPostalCode,
  city: optionalText(64),
  email: optionalEmail,
  phoneNumber: optionalPhone,
};
/** The customer fields a new customer must give (and a member's order must have, from the member or here). */
export const productOrderRequiredCustomerFields = [
  'firstName',
  'lastName',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'email',
] as const;
export const productOrderDeliveryAddressFields = [
  'deliveryStreet',
  'deliveryHouseNumber',
  'deliveryPostalCode',
  'deliveryCity',
] as const;

/**
 * `POST /ProductOrder`. The customer is `memberId` (a member of the active location's gym) or, without it, a
 * new customer. For a member the customer fields are optional: a field given replaces the member's value on
 * this order (the member is not changed), and a field the member lacks must be given (400
 * `validation.required` on that field, the spec's "missing fields must be filled"). `language`: of the
 * customer's mails (left out: the member's account language, else nl). `deliverySameAsRegular` false: the
 * delivery address fields are required. `iFitOption` is required (and only kept) when the product's
 * `numberType` is EquipmentWithIFit, `personalTrainerDuration` when it is PersonalTrainer; the server
 * checks these against the product (400 `validation.required`).
 */
export const productOrderCreateBody = z
  .object({
    productId: idSchema,
    memberId: idSchema.optional(),
    ...productOrderCustomerFields,
    language: z.preprocess(blankToUndefined, z.enum(languages).optional()),
    deliverySameAsRegular: z.boolean().default(true),
    deliveryStreet: optionalText(128),
    deliveryHouseNumber: optionalText(16),
    deliveryPostalCode: optionalPostalCode,
    deliveryCity: optionalText(64),
    floor: enumValue(Floor).default(Floor.None),
    elevatorOnLocation: enumValue(ElevatorOnLocation).default(ElevatorOnLocation.Unknown),
    particularities: z.string().trim().max(PRODUCT_ORDER_PARTICULARITIES_MAX).default(''),
    iFitOption: optionalEnum(IFitOption),
    personalTrainerDuration: optionalEnum(PersonalTrainerDuration),
    paymentFrequency: enumValue(PaymentFrequency),
    paymentMethod: enumValue(OrderPaymentMethod),
    quantity: z
      .number()
      .int()
      .min(1, 'validation.greaterThanZero')
      .max(PRODUCT_ORDER_QUANTITY_MAX)
      .default(1),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.memberId === undefined)
      for (const field of productOrderRequiredCustomerFields)
        if (value[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    if (!value.deliverySameAsRegular)
      for (const field of productOrderDeliveryAddressFields)
        if (value[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
  });
export type ProductOrderCreateBody = z.input<typeof productOrderCreateBody>;

/** One status change (or delivery date) of an order: its history. */
export const productOrderEvent = z.object({
  status: z.number().int(),
  deliveryDate: z.string().nullable(),
  /** Who made it (null: the payment provider, or a removed user). */
  userName: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type ProductOrderEvent = z.infer<typeof productOrderEvent>;

/** An order as its lists show it. Amounts in cents. */
export const productOrderListItem = z.object({
  id: z.number().int(),
  followNumber: z.string(),
  status: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  memberId: z.number().int().nullable(),
  /** The customer's full name (first name, insertion, last name). */
  customerName: z.string(),
  quantity: z.number().int(),
  /** Including VAT, for the quantity. */
  total: z.number().int(),
  paymentMethod: z.number().int(),
  paymentFrequency: z.number().int(),
  deliveryDate: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ProductOrderListItem = z.infer<typeof productOrderListItem>;

/**
 * One order with everything copied onto it. `gymCommission` (the gym's margin times the quantity, excl.
 * VAT) is shown to the location and admins (null to a supplier); the platform's and region manager's
 * margins to admins only (null otherwise). `checkoutUrl`: while an iDEAL order is New, the pay link to hand
 * to the customer (null otherwise, or when the payment expired or could not be started: `POST
 * /ProductOrder/{id}/Pay` makes a new one; the order is placed either way).
 * `nextStatus`: the one status it may move to (null: Delivered).
 */
export const productOrder = productOrderListItem.extend({
  gymId: z.number().int(),
  productVersionId: z.number().int(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  language: z.enum(languages),
  deliverySameAsRegular: z.boolean(),
  deliveryStreet: z.string(),
  deliveryHouseNumber: z.string(),
  deliveryPostalCode: z.string(),
  deliveryCity: z.string(),
  floor: z.number().int(),
  elevatorOnLocation: z.number().int(),
  particularities: z.string(),
  iFitOption: z.number().int().nullable(),
  personalTrainerDuration: z.number().int().nullable(),
  /** Per unit, excluding VAT, in cents: the supplier's purchase price and the sale price (purchase price plus margins). */
  purchasePrice: z.number().int(),
  unitPrice: z.number().int(),
  /** Per unit, including VAT, in cents. */
  unitPriceInclVat: z.number().int(),
  vatPercentage: z.number().int(),
  /** Cents. */
  gymCommission: z.number().int().nullable(),
  platformMargin: z.number().int().nullable(),
  regionManagerMargin: z.number().int().nullable(),
  gymMargin: z.number().int().nullable(),
  nextStatus: z.number().int().nullable(),
  checkoutUrl: z.string().nullable(),
  events: z.array(productOrderEvent),
});
export type ProductOrder = z.infer<typeof productOrder>;

export const productOrderSortable = [
  'createdAt',
  'followNumber',
  'customer',
  'product',
  'status',
  'deliveryDate',
  'total',
] as const;
/**
 * A list of orders: one tab (`ordered`: New; `paid`: Paid, Prepared, Planned; `delivered`), or all when left
 * out; `tabCounts` keys `ordered`, `paid`, `delivered`. Search: follow number, customer (name, email),
 * product. Default sort: newest first.
 */
export const productOrderListQuery = listQuery(productOrderSortable).extend({
  tab: z.preprocess(blankToUndefined, z.enum(productOrderTabs).optional()),
});
export type ProductOrderListQuery = z.input<typeof productOrderListQuery>;

/**
 * `PUT /ProductOrder/{id}/Status`: the next status only (else 409 `productOrder.errors.nextStepOnly`). New to
 * Paid by hand only for an order on invoice: an iDEAL order becomes Paid when its payment comes in (409
 * `productOrder.errors.paidByPaymentOnly`). Every change is audited.
 */
export const productOrderStatusBody = z.object({ status: enumValue(ProductOrderStatus) }).strict();
export type ProductOrderStatusBody = z.input<typeof productOrderStatusBody>;

/** YYYY-MM-DD. */
const dateText = z.iso
  .date({ error: 'validation.date' })
  .refine((value) => value >= '1900-01-01' && value <= '2199-12-31', { message: 'validation.date' });

/**
 * `PUT /ProductOrder/{id}/DeliveryDate`: a date today or later (Dutch time; else 400
 * `productOrder.errors.deliveryDateInPast`). Prepared: the order moves to Planned; Planned: the date changes.
 * Other statuses: 409 `productOrder.errors.deliveryDateNotAllowed`. Mailed to the customer either way.
 */
export const productOrderDeliveryDateBody = z.object({ deliveryDate: dateText }).strict();
export type ProductOrderDeliveryDateBody = z.input<typeof productOrderDeliveryDateBody>;

export const productOrderEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/ProductOrder',
    policy: productOrderLocationPolicy,
    summary:
      "The active location's product orders: tabs Ordered, Paid, Delivered with counts; searched, sorted, paged",
    tags,
    query: productOrderListQuery,
    response: paged(productOrderListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/ProductOrder/{id}',
    policy: productOrderLocationPolicy,
    summary: "One of the active location's product orders, with its history (another location's: 404)",
    tags,
    params: idParam,
    response: productOrder,
  }),
  create: endpoint({
    method: 'POST',
    path: '/ProductOrder',
    policy: productOrderLocationPolicy,
    summary:
      'Order an accepted product of an Active supplier for a member of the gym or a new customer (iDEAL: answers the pay link)',
    tags,
    body: productOrderCreateBody,
    response: productOrder,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/ProductOrder/{id}/Pay',
    policy: productOrderLocationPolicy,
    summary: "A New iDEAL order's pay link: the open one, or a new one (409 when paid or on invoice)",
    tags,
    params: idParam,
    response: productOrder,
  }),
  supplierList: endpoint({
    method: 'GET',
    path: '/ProductOrder/Supplier',
    policy: productOrderSupplierPolicy,
    summary:
      "The active supplier's product orders (an admin without one: all): tabs with counts; searched, sorted, paged",
    tags,
    query: productOrderListQuery,
    response: paged(productOrderListItem),
  }),
  supplierGet: endpoint({
    method: 'GET',
    path: '/ProductOrder/Supplier/{id}',
    policy: productOrderSupplierPolicy,
    summary: "One of the active supplier's product orders, with its history (another supplier's: 404)",
    tags,
    params: idParam,
    response: productOrder,
  }),
  setStatus: endpoint({
    method: 'PUT',
    path: '/ProductOrder/{id}/Status',
    policy: productOrderSupplierPolicy,
    summary:
      'Move an order to its next status only (else 409); Planned only by a delivery date (409); mailed to the customer',
    tags,
    params: idParam,
    body: productOrderStatusBody,
    response: productOrder,
  }),
  setDeliveryDate: endpoint({
    method: 'PUT',
    path: '/ProductOrder/{id}/DeliveryDate',
    policy: productOrderSupplierPolicy,
    summary:
      'Set the delivery date (today or later): Prepared moves to Planned, Planned changes the date; mailed',
    tags,
    params: idParam,
    body: productOrderDeliveryDateBody,
    response: productOrder,
  }),
};

// ---------------------------------------------------------------------------------------------- GDPR

/**
 * A product order in the member's export (`GET /Member/{id}/Export`): what the order holds of them. Amounts
 * in cents. A done order of an anonymised member has blank customer fields (`customerRemoved`).
 */
export const memberExportProductOrder = z.object({
  followNumber: z.string(),
  orderedAt: z.string(),
  status: z.number().int(),
  locationName: z.string(),
  supplierName: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  totalAmount: z.number().int(),
  paymentMethod: z.number().int(),
  paymentFrequency: z.number().int(),
  deliveryDate: z.string().nullable(),
  customer: z.object({
    firstName: z.string(),
    insertion: z.string().nullable(),
    lastName: z.string(),
    street: z.string(),
    houseNumber: z.string(),
    postalCode: z.string(),
    city: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    language: z.string(),
  }),
  delivery: z.object({
    street: z.string(),
    houseNumber: z.string(),
    postalCode: z.string(),
    city: z.string(),
    particularities: z.string(),
  }),
  customerRemoved: z.boolean(),
});
export type MemberExportProductOrder = z.infer<typeof memberExportProductOrder>;

/** Why data is kept after a member is anonymised, in the export in both languages (GDPR art. 17(3)(b)). */
export const memberDataRetention = [
  {
    subject: 'invoices',
    nl: 'Facturen bewaren we zeven jaar met de naam waarop ze zijn uitgereikt: de wet (de fiscale bewaarplicht) schrijft dat voor, en een uitgereikte factuur wordt nooit gewijzigd. Ze blijven daarom ook na het anonimiseren bewaard.',
    en: 'Invoices are kept for seven years with the name they were issued to: the law (the tax retention duty) requires it, and an issued invoice is never changed. They are therefore kept after anonymisation too.',
  },
  {
    subject: 'productOrders',
    nl: 'Van een productbestelling bewaren we zeven jaar het bestelnummer, het product, de bedragen en de data: de administratie van de sportschool en de leverancier moet ze zo lang bewaren (fiscale bewaarplicht). Bij het anonimiseren wissen we je naam, adres, e-mailadres, telefoonnummer en bijzonderheden van geleverde bestellingen. Een bestelling die nog loopt, houdt ze tot ze geleverd is, omdat ze nodig zijn om te betalen en te leveren; daarna wissen we ze.',
    en: 'Of a product order we keep the order number, the product, the amounts and the dates for seven years: the gym’s and the supplier’s accounts must keep them that long (the tax retention duty). On anonymisation we erase your name, address, e-mail address, phone number and notes from delivered orders. An order still in progress keeps them until it is delivered, because they are needed to pay and deliver it; then we erase them.',
  },
] as const;
export const memberDataRetentionItem = z.object({
  subject: z.enum(['invoices', 'productOrders']),
  nl: z.string(),
  en: z.string(),
});
