import {
  type CatalogueProduct,
  type Member,
  OrderPaymentMethod,
  optionalEnumValue,
  PaymentFrequency,
  ProductNumberType,
  type ProductOrderCreateBody,
  productOrderCreateBody,
  productOrderCustomerFields,
  productOrderDeliveryAddressFields,
  productOrderRequiredCustomerFields,
} from '@xp/contracts';
import { z } from 'zod';

/** The customer fields the wizard shows (the contract's, in its order). */
export type CustomerField = keyof typeof productOrderCustomerFields;
export type RequiredCustomerField = (typeof productOrderRequiredCustomerFields)[number];

const body = productOrderCreateBody.shape;

/**
 * The wizard's one form: the contract's fields of `POST /ProductOrder` (each with its own rules), every
 * requirement between fields in one check (so that a step shows its missing fields while later steps are
 * still empty), and what the steps decided: the kind of customer, the chosen product's `numberType`, and
 * the fields the chosen member lacks (`memberMissing`: those must be filled, spec 001 section 5).
 */
export const orderFormSchema = z
  .object({
    productId: body.productId.nullable(),
    numberType: z.number().int().nullable(),
    quantity: body.quantity,
    customerKind: z.enum(['member', 'new']),
    memberId: body.memberId.nullable(),
    memberMissing: z.array(z.enum(productOrderRequiredCustomerFields)),
    ...productOrderCustomerFields,
    language: body.language,
    deliverySameAsRegular: z.boolean(),
    deliveryStreet: body.deliveryStreet,
    deliveryHouseNumber: body.deliveryHouseNumber,
    deliveryPostalCode: body.deliveryPostalCode,
    deliveryCity: body.deliveryCity,
    floor: body.floor,
    elevatorOnLocation: body.elevatorOnLocation,
    particularities: body.particularities,
    iFitOption: body.iFitOption,
    personalTrainerDuration: body.personalTrainerDuration,
    paymentFrequency: optionalEnumValue(PaymentFrequency),
    paymentMethod: optionalEnumValue(OrderPaymentMethod),
  })
  .superRefine((value, ctx) => {
    const required = (path: string, message = 'validation.required') =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.productId === null) required('productId', 'productOrder.wizard.product.required');
    if (value.customerKind === 'member') {
      if (value.memberId === null) required('memberId', 'productOrder.wizard.customer.memberRequired');
      for (const field of value.memberMissing) if (value[field] === undefined) required(field);
    } else {
      for (const field of productOrderRequiredCustomerFields) if (value[field] === undefined) required(field);
    }
    if (!value.deliverySameAsRegular)
      for (const field of productOrderDeliveryAddressFields) if (value[field] === undefined) required(field);
    if (value.numberType === ProductNumberType.EquipmentWithIFit && value.iFitOption === undefined)
      required('iFitOption');
    if (value.numberType === ProductNumberType.PersonalTrainer && value.personalTrainerDuration === undefined)
      required('personalTrainerDuration');
    if (value.paymentFrequency === undefined) required('paymentFrequency');
    if (value.paymentMethod === undefined) required('paymentMethod');
  });
export type OrderFormValues = z.input<typeof orderFormSchema>;
export type OrderFormOutput = z.output<typeof orderFormSchema>;

export const emptyOrder = (): OrderFormValues => ({
  productId: null,
  numberType: null,
  quantity: 1,
  customerKind: 'member',
  memberId: null,
  memberMissing: [],
  firstName: '',
  insertion: '',
  lastName: '',
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  email: '',
  phoneNumber: '',
  language: 'nl',
  deliverySameAsRegular: true,
  deliveryStreet: '',
  deliveryHouseNumber: '',
  deliveryPostalCode: '',
  deliveryCity: '',
  floor: 0,
  elevatorOnLocation: 2,
  particularities: '',
  iFitOption: null,
  personalTrainerDuration: null,
  paymentFrequency: null,
  paymentMethod: null,
});

/** The fields of each step: the wizard's step check, and the step a server error lands on. */
export const stepFields = {
  product: ['productId', 'quantity'],
  customer: [
    'memberId',
    'firstName',
    'insertion',
    'lastName',
    'street',
    'houseNumber',
    'postalCode',
    'city',
    'email',
    'phoneNumber',
    'language',
  ],
  delivery: [
    'deliverySameAsRegular',
    'deliveryStreet',
    'deliveryHouseNumber',
    'deliveryPostalCode',
    'deliveryCity',
    'floor',
    'elevatorOnLocation',
    'particularities',
    'iFitOption',
    'personalTrainerDuration',
  ],
  payment: ['paymentFrequency', 'paymentMethod'],
} as const satisfies Record<string, readonly (keyof OrderFormValues)[]>;

/** Every field a server error may be put on. */
export const orderFormFields: readonly string[] = Object.values(stepFields).flat();
const stepOrder = Object.values(stepFields) as readonly (readonly string[])[];
/** The step (0-based) that holds a field, or -1. */
export const stepOfField = (field: string) => stepOrder.findIndex((fields) => fields.includes(field));

const blank = (value: string | null | undefined) => !value?.trim();

/** The address and contact fields the order needs that the member lacks. */
export const missingOfMember = (member: Member): RequiredCustomerField[] =>
  productOrderRequiredCustomerFields.filter((field) => blank(member[field]));

/** A product's `numberType` and the option it asks: reset when another product is chosen. */
export const productChoice = (product: CatalogueProduct) => ({
  productId: product.id,
  numberType: product.numberType,
});

/**
 * The request: a member with only the fields they lacked (the rest comes from the member; their language
 * unless changed), or a new customer; the delivery address only when it differs; the product's option.
 */
export function toCreateBody(values: OrderFormOutput): ProductOrderCreateBody {
  const customerFields =
    values.customerKind === 'member' ? values.memberMissing : Object.keys(productOrderCustomerFields);
  const customer = Object.fromEntries(
    customerFields.flatMap((field) => {
      const given = values[field as CustomerField];
      return given === undefined ? [] : [[field, given]];
    }),
  );
  return {
    productId: values.productId ?? 0,
    quantity: values.quantity,
    ...(values.customerKind === 'member' && values.memberId !== null ? { memberId: values.memberId } : {}),
    ...customer,
    ...(values.customerKind === 'new' && values.language ? { language: values.language } : {}),
    deliverySameAsRegular: values.deliverySameAsRegular,
    ...(values.deliverySameAsRegular
      ? {}
      : {
          deliveryStreet: values.deliveryStreet,
          deliveryHouseNumber: values.deliveryHouseNumber,
          deliveryPostalCode: values.deliveryPostalCode,
          deliveryCity: values.deliveryCity,
        }),
    floor: values.floor,
    elevatorOnLocation: values.elevatorOnLocation,
    particularities: values.particularities,
    ...(values.numberType === ProductNumberType.EquipmentWithIFit && values.iFitOption !== undefined
      ? { iFitOption: values.iFitOption }
      : {}),
    ...(values.numberType === ProductNumberType.PersonalTrainer &&
    values.personalTrainerDuration !== undefined
      ? { personalTrainerDuration: values.personalTrainerDuration }
      : {}),
    paymentFrequency: values.paymentFrequency ?? PaymentFrequency.PerMonth,
    paymentMethod: values.paymentMethod ?? OrderPaymentMethod.IDeal,
  };
}
