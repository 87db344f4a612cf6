/** How a product order is shown (to a location, a supplier, an admin) and mailed to its customer (decision 020). */
import {
  type Claims,
  fullNameOf,
  inclVatCents,
  isAdmin,
  type Language,
  nextProductOrderStatus,
  OrderPaymentMethod,
  type ProductOrder,
  type ProductOrderListItem,
  ProductOrderStatus,
} from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { MailRequest } from '../../platform/mail/outbox.ts';
import { dutchDate, formatEuroCents } from '../invoice/invoice-pdf.ts';
import * as repository from './product-order.repository.ts';

// -------------------------------------------------------------------------------------------- present

export function listItemOf(row: repository.OrderListRow): ProductOrderListItem {
  return {
    id: row.id,
    followNumber: row.followNumber,
    status: row.status,
    locationId: row.locationId,
    locationName: row.locationName,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    productId: row.productId,
    productName: row.productName,
    memberId: row.memberId,
    customerName: fullNameOf(row),
    quantity: row.quantity,
    total: row.totalCents,
    paymentMethod: row.paymentMethod,
    paymentFrequency: row.paymentFrequency,
    deliveryDate: row.deliveryDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `view`: who reads it (the location sees the gym's commission, a supplier no margins, an admin all). */
export async function present(
  db: Database,
  order: repository.OrderRow,
  view: 'location' | 'supplier',
  session: Claims,
): Promise<ProductOrder> {
  const [names, events, checkoutUrl] = await Promise.all([
    repository.namesOf(db, order),
    repository.eventsOf(db, order.id),
    order.status === ProductOrderStatus.New && order.paymentMethod === OrderPaymentMethod.IDeal
      ? repository.checkoutOf(db, order.id)
      : Promise.resolve(null),
  ]);
  const admin = isAdmin(session);
  const showsGym = admin || view === 'location';
  const unitInclVat = inclVatCents(order.unitPriceCents, order.vatPercentage);
  return {
    id: order.id,
    followNumber: order.followNumber,
    status: order.status,
    gymId: order.gymId,
    locationId: order.locationId,
    locationName: names.locationName,
    supplierId: order.supplierId,
    supplierName: names.supplierName,
    productId: order.productId,
    productVersionId: order.productVersionId,
    productName: order.productName,
    memberId: order.memberId,
    customerName: fullNameOf(order),
    firstName: order.firstName,
    insertion: order.insertion,
    lastName: order.lastName,
    street: order.street,
    houseNumber: order.houseNumber,
    postalCode: order.postalCode,
    city: order.city,
    email: order.email,
    phoneNumber: order.phoneNumber,
    language: order.language === 'en' ? 'en' : 'nl',
    deliverySameAsRegular: order.deliverySameAsRegular,
    deliveryStreet: order.deliveryStreet,
    deliveryHouseNumber: order.deliveryHouseNumber,
    deliveryPostalCode: order.deliveryPostalCode,
    deliveryCity: order.deliveryCity,
    floor: order.floor,
    elevatorOnLocation: order.elevatorOnLocation,
    particularities: order.particularities,
    iFitOption: order.iFitOption,
    personalTrainerDuration: order.personalTrainerDuration,
    paymentFrequency: order.paymentFrequency,
    paymentMethod: order.paymentMethod,
    quantity: order.quantity,
    purchasePrice: order.purchasePriceCents,
    unitPrice: order.unitPriceCents,
    unitPriceInclVat: unitInclVat,
    vatPercentage: order.vatPercentage,
    total: order.totalCents,
    gymCommission: showsGym ? order.gymMarginCents * order.quantity : null,
    platformMargin: admin ? order.platformMarginCents : null,
    regionManagerMargin: admin ? order.regionManagerMarginCents : null,
    gymMargin: showsGym ? order.gymMarginCents : null,
    deliveryDate: order.deliveryDate,
    nextStatus: nextProductOrderStatus(order.status),
    checkoutUrl,
    events: events.map((event) => ({
      status: event.status,
      deliveryDate: event.deliveryDate,
      userName: event.firstName === null ? null : fullNameOf(event),
      at: event.at.toISOString(),
    })),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------- mails

export const languageOf = (order: repository.OrderRow): Language => (order.language === 'en' ? 'en' : 'nl');

export function placedMail(
  order: repository.OrderRow,
  locationName: string,
  payLink: string | null,
): MailRequest {
  return {
    to: order.email,
    language: languageOf(order),
    template: 'productOrderPlaced',
    data: {
      followNumber: order.followNumber,
      productName: order.productName,
      quantity: order.quantity,
      amount: formatEuroCents(order.totalCents),
      locationName,
      payLink,
    },
  } as MailRequest;
}

export function statusMail(order: repository.OrderRow): MailRequest {
  return {
    to: order.email,
    language: languageOf(order),
    template: 'productOrderStatus',
    data: {
      followNumber: order.followNumber,
      productName: order.productName,
      status: order.status,
      deliveryDate:
        order.deliveryDate && order.status === ProductOrderStatus.Planned
          ? dutchDate(order.deliveryDate)
          : null,
    },
  } as MailRequest;
}
