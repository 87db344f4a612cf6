import {
  ElevatorOnLocation,
  Floor,
  fullNameOf,
  IFitOption,
  inclVatCents,
  OrderPaymentMethod,
  PaymentFrequency,
  PersonalTrainerDuration,
  ProductNumberType,
  ProductOrderStatus,
  SupplierStatus,
  salePriceCentsOf,
} from '@xp/contracts';
import { DAY_MS } from '@xp/contracts/dates';
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  fitnessProducts,
  fitnessProductVersions,
} from '../modules/fitness-product/fitness-product.tables.ts';
import { members } from '../modules/member/member.tables.ts';
import { locations, suppliers } from '../modules/organisation/organisation.tables.ts';
import * as repository from '../modules/product-order/product-order.repository.ts';
import { productOrderEvents, productOrders } from '../modules/product-order/product-order.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import type { Database } from '../platform/db/client.ts';
import { inTransaction } from '../platform/db/errors.ts';

/*
 * Demo product orders (decision 020): Vitaal Utrecht Centrum ordered the accepted products of the demo
 * suppliers for its members and one new customer, at least one order in every status, each with its history
 * of events; Planned and Delivered with a delivery date. Does nothing when orders exist already, or when there
 * is no accepted product of an Active supplier (the products are seeded with the app's file store only).
 */

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

interface DemoOrder {
  status: number;
  paymentMethod: number;
  paymentFrequency: number;
  daysAgo: number;
  /** Days from today of the delivery date (Planned: ahead; Delivered: past). */
  deliveryInDays?: number;
  quantity?: number;
  /** Ordered for someone who is not a member. */
  newCustomer?: boolean;
  language?: 'nl' | 'en';
}

const demoOrders: DemoOrder[] = [
  {
    status: ProductOrderStatus.New,
    paymentMethod: OrderPaymentMethod.Invoice,
    paymentFrequency: PaymentFrequency.InAdvance,
    daysAgo: 1,
  },
  {
    status: ProductOrderStatus.New,
    paymentMethod: OrderPaymentMethod.IDeal,
    paymentFrequency: PaymentFrequency.InAdvance,
    daysAgo: 0,
    newCustomer: true,
  },
  {
    status: ProductOrderStatus.Paid,
    paymentMethod: OrderPaymentMethod.Invoice,
    paymentFrequency: PaymentFrequency.PerMonth,
    daysAgo: 4,
    language: 'en',
  },
  {
    status: ProductOrderStatus.Prepared,
    paymentMethod: OrderPaymentMethod.Invoice,
    paymentFrequency: PaymentFrequency.InAdvance,
    daysAgo: 8,
    quantity: 2,
  },
  {
    status: ProductOrderStatus.Planned,
    paymentMethod: OrderPaymentMethod.Invoice,
    paymentFrequency: PaymentFrequency.PerMonth,
    daysAgo: 12,
    deliveryInDays: 5,
  },
  {
    status: ProductOrderStatus.Delivered,
    paymentMethod: OrderPaymentMethod.Invoice,
    paymentFrequency: PaymentFrequency.InAdvance,
    daysAgo: 30,
    deliveryInDays: -16,
  },
  {
    status: ProductOrderStatus.Delivered,
    paymentMethod: OrderPaymentMethod.Invoice,
    paymentFrequency: PaymentFrequency.PerMonth,
    daysAgo: 45,
    deliveryInDays: -35,
  },
];

const newCustomer = {
  firstName: 'Marloes',
  insertion: null,
  lastName: 'Hendriks',
  street: 'Biltstraat',
  houseNumber: '88',
  postalCode: '3572 BE',
  city: 'Utrecht',
  email: 'marloes.hendriks@example.com',
  phoneNumber: '0612312312',
};

export async function seedProductOrders(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(productOrders);
  if ((existing?.n ?? 0) > 0) return;
  const [location] = await db
    .select({ id: locations.id, gymId: locations.gymId })
    .from(locations)
    .where(eq(locations.slug, 'vitaal-utrecht-centrum'));
  if (!location) return;
  const products = await db
    .select({ product: fitnessProducts, version: fitnessProductVersions })
    .from(fitnessProducts)
    .innerJoin(fitnessProductVersions, eq(fitnessProductVersions.id, fitnessProducts.acceptedVersionId))
    .innerJoin(suppliers, eq(suppliers.id, fitnessProducts.supplierId))
    .where(and(isNull(fitnessProducts.deletedAt), eq(suppliers.status, SupplierStatus.Active)))
    .orderBy(asc(fitnessProducts.id));
  if (products.length === 0) return;
  const customers = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.gymId, location.gymId),
        isNull(members.anonymisedAt),
        isNotNull(members.email),
        isNotNull(members.street),
        isNotNull(members.houseNumber),
        isNotNull(members.postalCode),
        isNotNull(members.city),
      ),
    )
    .orderBy(asc(members.id))
    .limit(demoOrders.length);
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'locatie@example.com'));
  const [supplierUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'leverancier@example.com'));

  await inTransaction(db, async (tx) => {
    for (const [index, demo] of demoOrders.entries()) {
      const member = demo.newCustomer ? undefined : customers[index % Math.max(customers.length, 1)];
      const customer = member
        ? {
            firstName: member.firstName,
            insertion: member.insertion,
            lastName: member.lastName,
            street: member.street!,
            houseNumber: member.houseNumber!,
            postalCode: member.postalCode!,
            city: member.city!,
            email: member.email!,
            phoneNumber: member.phoneNumber,
          }
        : newCustomer;
      const { product, version } = products[index % products.length]!;
      const margins = {
        platformMarginCents: version.platformMarginCents ?? 0,
        regionManagerMarginCents: version.regionManagerMarginCents ?? 0,
        gymMarginCents: version.gymMarginCents ?? 0,
      };
      const { exclVatCents } = salePriceCentsOf({
        purchasePriceCents: version.purchasePriceCents,
        ...margins,
        vatPercentage: version.vatPercentage,
      });
      const quantity = demo.quantity ?? 1;
      const createdAt = new Date(Date.now() - demo.daysAgo * DAY_MS);
      const deliveryDate =
        demo.deliveryInDays === undefined
          ? null
          : isoDay(new Date(Date.now() + demo.deliveryInDays * DAY_MS));
      const followNumber = await repository.nextFollowNumber(tx);
      const name = fullNameOf(customer);
      const order = await repository.insertOrder(tx, {
        followNumber,
        gymId: location.gymId,
        locationId: location.id,
        supplierId: product.supplierId,
        productId: product.id,
        productVersionId: version.id,
        productName: version.name,
        memberId: member?.id ?? null,
        ...customer,
        language: demo.language ?? 'nl',
        deliverySameAsRegular: index !== 3,
        deliveryStreet: index === 3 ? 'Maliebaan' : customer.street,
        deliveryHouseNumber: index === 3 ? '45' : customer.houseNumber,
        deliveryPostalCode: index === 3 ? '3581 CD' : customer.postalCode,
        deliveryCity: 'Utrecht',
        floor: index % 2 === 0 ? Floor.GroundFloor : Floor.FirstFloorOrHigher,
        elevatorOnLocation: index % 2 === 0 ? ElevatorOnLocation.No : ElevatorOnLocation.Yes,
        particularities: index === 0 ? 'Graag na 17:00 uur bezorgen.' : '',
        iFitOption: version.numberType === ProductNumberType.EquipmentWithIFit ? IFitOption.TwoUsers : null,
        personalTrainerDuration:
          version.numberType === ProductNumberType.PersonalTrainer ? PersonalTrainerDuration.Months12 : null,
        paymentFrequency: demo.paymentFrequency,
        paymentMethod: demo.paymentMethod,
        quantity,
        purchasePriceCents: version.purchasePriceCents,
        unitPriceCents: exclVatCents,
        vatPercentage: version.vatPercentage,
        totalCents: inclVatCents(exclVatCents * quantity, version.vatPercentage),
        ...margins,
        status: demo.status,
        deliveryDate,
        searchText: [followNumber, name, customer.email, version.name].join(' ').toLowerCase(),
        createdBy: staff?.id ?? null,
        createdAt,
        updatedAt: createdAt,
      });
      // The history: New by the location, then every step by the supplier, a day or two apart.
      const events: (typeof productOrderEvents.$inferInsert)[] = [
        { orderId: order.id, status: ProductOrderStatus.New, userId: staff?.id ?? null, at: createdAt },
      ];
      for (let status = ProductOrderStatus.Paid; status <= demo.status; status++)
        events.push({
          orderId: order.id,
          status,
          deliveryDate: status === ProductOrderStatus.Planned ? deliveryDate : null,
          userId: supplierUser?.id ?? null,
          at:
            status === ProductOrderStatus.Delivered && deliveryDate
              ? new Date(`${deliveryDate}T14:00:00Z`)
              : new Date(createdAt.getTime() + (status * 2 - 1) * DAY_MS * 0.5),
        });
      await tx.insert(productOrderEvents).values(events);
    }
  });
}
