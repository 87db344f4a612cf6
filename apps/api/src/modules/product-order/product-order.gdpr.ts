import { type MemberExportProductOrder, productOrderIsDone, productOrderStatuses } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import * as repository from './product-order.repository.ts';

/*
 * A member's product orders under the GDPR (decision 020): what the export shows of them,
 * and what anonymising the member erases. The audit rows name the order and that its customer was removed,
 * never the values (as the member's own audit rows).
 */

/** The member's product orders for the export (GDPR art. 15 and 20); amounts in cents. */
export async function exportOfMember(db: Database, memberId: number): Promise<MemberExportProductOrder[]> {
  const rows = await repository.ordersOfMember(db, memberId);
  return rows.map(({ order, locationName, supplierName }) => ({
    followNumber: order.followNumber,
    orderedAt: order.createdAt.toISOString(),
    status: order.status,
    locationName,
    supplierName,
    productName: order.productName,
    quantity: order.quantity,
    totalAmount: order.totalCents,
    paymentMethod: order.paymentMethod,
    paymentFrequency: order.paymentFrequency,
    deliveryDate: order.deliveryDate,
    customer: {
      firstName: order.firstName,
      insertion: order.insertion,
      lastName: order.lastName,
      street: order.street,
      houseNumber: order.houseNumber,
      postalCode: order.postalCode,
      city: order.city,
      email: order.email,
      phoneNumber: order.phoneNumber,
      language: order.language,
    },
    delivery: {
      street: order.deliveryStreet,
      houseNumber: order.deliveryHouseNumber,
      postalCode: order.deliveryPostalCode,
      city: order.deliveryCity,
      particularities: order.particularities,
    },
    customerRemoved: order.email === '',
  }));
}

async function removeCustomer(tx: Database, order: { id: number; followNumber: string }, actor: Actor) {
  await repository.blankCustomer(tx, order.id);
  const { followNumber } = order;
  await audit.write(
    tx,
    actor,
    'ProductOrder',
    order.id,
    { followNumber, customerRemoved: false },
    { followNumber, customerRemoved: true },
  );
}

/**
 * Anonymising the member (in its transaction): the done orders' customer fields are blanked, each audited;
 * open orders keep them until they are done (`customerRemovedWhenDone`).
 */
export async function anonymiseOfMember(tx: Database, memberId: number, actor: Actor) {
  const done = productOrderStatuses.filter(productOrderIsDone);
  for (const order of await repository.ordersOfMemberIn(tx, memberId, done))
    await removeCustomer(tx, order, actor);
}

/**
 * An order just became done (in the transaction of that move, after its mail was queued): when its member
 * was anonymised meanwhile, its customer fields are blanked now.
 */
export async function customerRemovedWhenDone(tx: Database, order: repository.OrderRow, actor: Actor) {
  if (!productOrderIsDone(order.status) || order.email === '') return false;
  if (!(await repository.memberAnonymised(tx, order.memberId))) return false;
  await removeCustomer(tx, order, actor);
  return true;
}
