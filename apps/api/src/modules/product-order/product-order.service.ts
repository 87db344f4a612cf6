import {
  type Claims,
  dutchToday,
  fullNameOf,
  inclVatCents,
  isAdmin,
  type Language,
  nextProductOrderStatus,
  OrderPaymentMethod,
  ProductNumberType,
  type ProductOrderCreateBody,
  type ProductOrderListQuery,
  ProductOrderStatus,
  type productOrderCreateBody,
  productOrderRequiredCustomerFields,
  SupplierStatus,
  salePriceCentsOf,
} from '@xp/contracts';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { AppError, errors, GENERAL_KEY } from '../../platform/http/errors.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import type { MailRequest } from '../../platform/mail/outbox.ts';
import { PLATFORM_NAME } from '../../platform/mail/templates.ts';
import { formatEuroCents } from '../invoice/invoice-pdf.ts';
import { scopeOf } from '../member/member.service.ts';
import type { PaymentRow, Payments } from '../payment/payments.ts';
import { recordRefundOwed } from '../payment/refunds.ts';
import { customerRemovedWhenDone } from './product-order.gdpr.ts';
import { languageOf, listItemOf, placedMail, present, statusMail } from './product-order.present.ts';
import * as repository from './product-order.repository.ts';

export interface ProductOrderDeps {
  db: Database;
  payments: Payments;
  publicUrl: string;
  mail: (db: Database, mail: MailRequest) => Promise<unknown>;
}

type CreateBody = z.output<typeof productOrderCreateBody>;

const NOT_FOUND = 'productOrder.errors.notFound';

// ---------------------------------------------------------------------------------------------- scope

/** The location side: the session's active location (none: 403, `activeTenant`). */
function locationScope(session: Claims): { locationId: number } {
  return { locationId: activeTenant(session, 'location') };
}

/** The supplier side: the supplier's staff their active supplier; an admin acting for one that, else all. */
function supplierScope(session: Claims): repository.OrderScope {
  if (isAdmin(session))
    return session.activeSupplierId === null ? { all: true } : { supplierId: session.activeSupplierId };
  return { supplierId: activeTenant(session, 'supplier') };
}

// ---------------------------------------------------------------------------------------------- audit

/**
 * What the audit log keeps of an order: its facts, never the customer's name, address or contact (the
 * member's audit rows name changed fields, not values; an anonymised member leaves nothing behind).
 */
const auditedOf = (order: repository.OrderRow) => ({
  followNumber: order.followNumber,
  status: order.status,
  locationId: order.locationId,
  supplierId: order.supplierId,
  productId: order.productId,
  productVersionId: order.productVersionId,
  memberId: order.memberId,
  quantity: order.quantity,
  totalCents: order.totalCents,
  paymentMethod: order.paymentMethod,
  paymentFrequency: order.paymentFrequency,
  deliveryDate: order.deliveryDate,
});

/** Every write of an order: one audit row in the write's transaction (`before` null: placed). */
const auditOrder = (
  tx: Database,
  actor: Actor,
  before: repository.OrderRow | null,
  after: repository.OrderRow,
) => audit.write(tx, actor, 'ProductOrder', after.id, before && auditedOf(before), auditedOf(after));

// ---------------------------------------------------------------------------------------------- lists

export async function listForLocation(deps: ProductOrderDeps, session: Claims, query: ProductOrderListQuery) {
  const { rows, ...counts } = await repository.listOrders(deps.db, locationScope(session), query as never);
  return { items: rows.map(listItemOf), ...counts };
}

export async function listForSupplier(deps: ProductOrderDeps, session: Claims, query: ProductOrderListQuery) {
  const { rows, ...counts } = await repository.listOrders(deps.db, supplierScope(session), query as never);
  return { items: rows.map(listItemOf), ...counts };
}

export async function getForLocation(deps: ProductOrderDeps, session: Claims, id: number) {
  const order = await repository.findOrder(deps.db, id, locationScope(session));
  if (!order) throw errors.notFound(NOT_FOUND);
  return present(deps.db, order, 'location', session);
}

export async function getForSupplier(deps: ProductOrderDeps, session: Claims, id: number) {
  const order = await repository.findOrder(deps.db, id, supplierScope(session));
  if (!order) throw errors.notFound(NOT_FOUND);
  return present(deps.db, order, 'supplier', session);
}

// --------------------------------------------------------------------------------------------- create

const requiredMissing = (fields: string[]) =>
  new AppError(
    400,
    fields.map((key) => ({ key, message: 'validation.required' })),
  );

/**
 * Places an order (decision 020): the product's accepted version of an Active supplier, for a member of the
 * location's gym or a new customer; product, customer, delivery and prices are copied onto it, with the
 * event New and the customer's mail (iDEAL: with the pay link of the payment started here).
 */
export async function create(
  deps: ProductOrderDeps,
  session: Claims,
  input: ProductOrderCreateBody,
  actor: Actor,
) {
  const body = input as CreateBody;
  const { locationId } = locationScope(session);
  const placed = await inTransaction(deps.db, async (tx) => {
    const location = await repository.findLocation(tx, locationId);
    if (!location) throw errors.notFound('location.errors.notFound');
    const product = await repository.findOrderableProduct(tx, body.productId);
    if (!product || product.deletedAt !== null) throw errors.notFound('productOrder.errors.productNotFound');
    if (product.supplierStatus !== SupplierStatus.Active)
      throw errors.conflict('productId', 'productOrder.errors.supplierNotActive');
    const version = product.version;
    if (
      !version ||
      version.platformMarginCents === null ||
      version.regionManagerMarginCents === null ||
      version.gymMarginCents === null
    )
      throw errors.conflict('productId', 'productOrder.errors.productNotAccepted');

    // The customer: the member's data with what the request gives on top; a new customer's own.
    // The member in the member endpoints' scope (at a location: its members only), else "not found".
    const member =
      body.memberId === undefined
        ? undefined
        : await repository.findMember(tx, scopeOf(session), body.memberId);
    if (body.memberId !== undefined && !member) throw errors.notFound('productOrder.errors.memberNotFound');
    const pick = (field: (typeof productOrderRequiredCustomerFields)[number] | 'insertion' | 'phoneNumber') =>
      body[field] ?? member?.[field] ?? undefined;
    const customer = {
      firstName: pick('firstName'),
      insertion: pick('insertion'),
      lastName: pick('lastName'),
      street: pick('street'),
      houseNumber: pick('houseNumber'),
      postalCode: pick('postalCode'),
      city: pick('city'),
      email: pick('email'),
      phoneNumber: pick('phoneNumber'),
    };
    const missing: string[] = productOrderRequiredCustomerFields.filter((field) => !customer[field]);
    if (version.numberType === ProductNumberType.EquipmentWithIFit && body.iFitOption === undefined)
      missing.push('iFitOption');
    if (
      version.numberType === ProductNumberType.PersonalTrainer &&
      body.personalTrainerDuration === undefined
    )
      missing.push('personalTrainerDuration');
    if (missing.length > 0) throw requiredMissing(missing);

    const language: Language = body.language ?? (member?.language === 'en' ? 'en' : 'nl');
    const same = body.deliverySameAsRegular;
    const delivery = {
      deliveryStreet: same ? customer.street! : body.deliveryStreet!,
      deliveryHouseNumber: same ? customer.houseNumber! : body.deliveryHouseNumber!,
      deliveryPostalCode: same ? customer.postalCode! : body.deliveryPostalCode!,
      deliveryCity: same ? customer.city! : body.deliveryCity!,
    };
    // The sale price per unit (decision 020, the contracts' `salePriceCentsOf`): purchase price plus margins.
    const { exclVatCents: unitPriceCents } = salePriceCentsOf({
      purchasePriceCents: version.purchasePriceCents,
      platformMarginCents: version.platformMarginCents,
      regionManagerMarginCents: version.regionManagerMarginCents,
      gymMarginCents: version.gymMarginCents,
      vatPercentage: version.vatPercentage,
    });
    const totalCents = inclVatCents(unitPriceCents * body.quantity, version.vatPercentage);
    const followNumber = await repository.nextFollowNumber(tx);
    const order = await repository.insertOrder(tx, {
      followNumber,
      gymId: location.gymId,
      locationId,
      supplierId: product.supplierId,
      productId: product.id,
      productVersionId: version.id,
      productName: version.name,
      memberId: member?.id ?? null,
      firstName: customer.firstName!,
      insertion: customer.insertion ?? null,
      lastName: customer.lastName!,
      street: customer.street!,
      houseNumber: customer.houseNumber!,
      postalCode: customer.postalCode!,
      city: customer.city!,
      email: customer.email!,
      phoneNumber: customer.phoneNumber ?? null,
      language,
      deliverySameAsRegular: same,
      ...delivery,
      floor: body.floor,
      elevatorOnLocation: body.elevatorOnLocation,
      particularities: body.particularities,
      iFitOption: version.numberType === ProductNumberType.EquipmentWithIFit ? body.iFitOption! : null,
      personalTrainerDuration:
        version.numberType === ProductNumberType.PersonalTrainer ? body.personalTrainerDuration! : null,
      paymentFrequency: body.paymentFrequency,
      paymentMethod: body.paymentMethod,
      quantity: body.quantity,
      purchasePriceCents: version.purchasePriceCents,
      unitPriceCents,
      vatPercentage: version.vatPercentage,
      totalCents,
      platformMarginCents: version.platformMarginCents,
      regionManagerMarginCents: version.regionManagerMarginCents,
      gymMarginCents: version.gymMarginCents,
      status: ProductOrderStatus.New,
      searchText: [followNumber, fullNameOf(customer), customer.email, version.name].join(' ').toLowerCase(),
      createdBy: session.userId,
    });
    await repository.insertEvent(tx, {
      orderId: order.id,
      status: ProductOrderStatus.New,
      userId: session.userId,
    });
    await auditOrder(tx, actor, null, order);
    if (body.paymentMethod !== OrderPaymentMethod.IDeal)
      await deps.mail(tx, placedMail(order, location.name, null));
    return { order, locationName: location.name };
  });
  const { order } = placed;
  if (order.paymentMethod === OrderPaymentMethod.IDeal) {
    // The order stands whatever the provider answers: without a pay link (provider unreachable or refusing),
    // the customer is mailed without one and the location asks a new one (`Pay`); no second order is placed.
    const payLink = await startPayment(deps, order).then(
      (payment) => payment.checkoutUrl,
      () => null,
    );
    await deps.mail(deps.db, placedMail(order, placed.locationName, payLink));
  }
  return present(deps.db, order, 'location', session);
}

/**
 * The order's payment, one live attempt (decision 015): the open one again, else a new attempt (the
 * platform's provider); one on its way at the bank refuses (409 `payment.errors.underWay`).
 */
async function startPayment(deps: ProductOrderDeps, order: repository.OrderRow): Promise<PaymentRow> {
  return deps.payments.startOne({
    gymId: null,
    locationId: null,
    subject: repository.PAYMENT_SUBJECT,
    subjectId: order.id,
    amountCents: order.totalCents,
    description: `Bestelling ${order.followNumber}`,
    sequenceType: 'oneoff',
    redirectUrl: `${deps.publicUrl}/`,
  });
}

/** `Pay`: a New iDEAL order's pay link (the open one, or a new attempt). */
export async function pay(deps: ProductOrderDeps, session: Claims, id: number) {
  const order = await repository.findOrder(deps.db, id, locationScope(session));
  if (!order) throw errors.notFound(NOT_FOUND);
  if (order.status !== ProductOrderStatus.New || order.paymentMethod !== OrderPaymentMethod.IDeal)
    throw errors.conflict(GENERAL_KEY, 'productOrder.errors.notPayable');
  await startPayment(deps, order);
  return present(deps.db, order, 'location', session);
}

/**
 * A payment of an order moved (the webhook's transaction). Paid: a New order becomes Paid, once, with its
 * event and mail. A payment that arrives for an order paid already (another attempt) is owed back by the
 * platform (decision 015), and the customer is mailed so: never dropped.
 */
export async function followPayment(
  deps: Pick<ProductOrderDeps, 'mail'>,
  tx: Database,
  payment: PaymentRow,
  previous: PaymentRow,
  actor: Actor,
) {
  if (payment.status !== 'paid' || previous.status === 'paid') return;
  const order = await repository.findOrder(tx, payment.subjectId, { all: true }, true);
  if (!order) return;
  if (order.status !== ProductOrderStatus.New) {
    const amountCents = payment.amountCents - payment.chargedBackCents;
    await recordRefundOwed(
      tx,
      {
        gymId: null,
        locationId: null,
        subject: repository.PAYMENT_SUBJECT,
        subjectId: order.id,
        paymentId: payment.id,
        reference: order.followNumber,
        payerName: fullNameOf(order),
        amountCents,
        reason: 'paidTwice',
      },
      {
        to: order.email,
        language: languageOf(order),
        data: {
          organisationName: PLATFORM_NAME,
          reference: `${languageOf(order) === 'en' ? 'order' : 'bestelling'} ${order.followNumber}`,
          amount: formatEuroCents(amountCents),
        },
      },
      actor,
    );
    return;
  }
  const moved = await repository.setStatus(tx, order.id, { status: ProductOrderStatus.Paid });
  await repository.insertEvent(tx, { orderId: order.id, status: ProductOrderStatus.Paid, userId: null });
  // Paid by its payment: audited as the webhook's (no user), like every other write of an order.
  await auditOrder(tx, actor, order, moved);
  await deps.mail(tx, statusMail(moved));
}

// --------------------------------------------------------------------------------------------- status

/**
 * The supplier moves an order one step (spec 001 section 4: only to the next, else 409). Planned comes with
 * a delivery date (`setDeliveryDate`). Under the order's row lock: of two moves at once, one wins.
 */
export async function setStatus(
  deps: ProductOrderDeps,
  session: Claims,
  id: number,
  status: number,
  actor: Actor,
) {
  const scope = supplierScope(session);
  const order = await inTransaction(deps.db, async (tx) => {
    const current = await repository.findOrder(tx, id, scope, true);
    if (!current) throw errors.notFound(NOT_FOUND);
    if (status !== nextProductOrderStatus(current.status))
      throw errors.conflict('status', 'productOrder.errors.nextStepOnly');
    if (status === ProductOrderStatus.Planned)
      throw errors.conflict('status', 'productOrder.errors.deliveryDateRequired');
    // An iDEAL order is Paid when its payment is (the webhook, `followPayment`); by hand only on invoice.
    if (status === ProductOrderStatus.Paid && current.paymentMethod === OrderPaymentMethod.IDeal)
      throw errors.conflict('status', 'productOrder.errors.paidByPaymentOnly');
    const moved = await repository.setStatus(tx, id, { status });
    await repository.insertEvent(tx, { orderId: id, status, userId: session.userId });
    await auditOrder(tx, actor, current, moved);
    await deps.mail(tx, statusMail(moved));
    // Done for a member anonymised meanwhile: the customer goes now (decision 020).
    if (await customerRemovedWhenDone(tx, moved, actor))
      return (await repository.findOrder(tx, id, { all: true }))!;
    return moved;
  });
  return present(deps.db, order, 'supplier', session);
}

/** Sets the delivery date (today or later): Prepared moves to Planned; Planned changes the date. Mailed. */
export async function setDeliveryDate(
  deps: ProductOrderDeps,
  session: Claims,
  id: number,
  deliveryDate: string,
  actor: Actor,
) {
  const scope = supplierScope(session);
  if (deliveryDate < dutchToday())
    throw errors.field('deliveryDate', 'productOrder.errors.deliveryDateInPast');
  const order = await inTransaction(deps.db, async (tx) => {
    const current = await repository.findOrder(tx, id, scope, true);
    if (!current) throw errors.notFound(NOT_FOUND);
    if (current.status !== ProductOrderStatus.Prepared && current.status !== ProductOrderStatus.Planned)
      throw errors.conflict('deliveryDate', 'productOrder.errors.deliveryDateNotAllowed');
    const moved = await repository.setStatus(tx, id, { status: ProductOrderStatus.Planned, deliveryDate });
    await repository.insertEvent(tx, {
      orderId: id,
      status: ProductOrderStatus.Planned,
      deliveryDate,
      userId: session.userId,
    });
    await auditOrder(tx, actor, current, moved);
    await deps.mail(tx, statusMail(moved));
    return moved;
  });
  return present(deps.db, order, 'supplier', session);
}
