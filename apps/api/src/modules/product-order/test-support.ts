import { randomUUID } from 'node:crypto';
import { ProductNumberType, ProductVersionStatus, SupplierStatus } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { fitnessProducts, fitnessProductVersions } from '../fitness-product/fitness-product.tables.ts';
import { members } from '../member/member.tables.ts';
import { suppliers, supplierUsers } from '../organisation/organisation.tables.ts';
import { signIn } from '../rights/test-support.ts';
import { users } from '../user/user.tables.ts';

let passwordHash: string | undefined;

/** A supplier (Active unless told) with a staff member signed in (its session's active supplier). */
export async function createSupplier(t: TestApp, prefix: string, status: number = SupplierStatus.Active) {
  passwordHash ??= await hashPassword(DEMO_PASSWORD);
  const [supplier] = await t.db
    .insert(suppliers)
    .values({ name: `Leverancier ${randomUUID().slice(0, 8)}`, status })
    .returning({ id: suppliers.id, name: suppliers.name });
  const [user] = await t.db
    .insert(users)
    .values({
      email: `supplier-${randomUUID().slice(0, 8)}@xp.example.com`,
      role: 'Supplier',
      firstName: 'Lev',
      lastName: randomUUID().slice(0, 6),
      passwordHash,
    })
    .returning({ id: users.id, email: users.email });
  await t.db.insert(supplierUsers).values({ supplierId: supplier!.id, userId: user!.id });
  const cookie = status === SupplierStatus.Active ? await signIn(t, user!.email, prefix) : '';
  return { id: supplier!.id, name: supplier!.name, cookie, userId: user!.id };
}

export interface VersionValues {
  name?: string;
  numberType?: number;
  purchasePriceCents?: number;
  vatPercentage?: number;
  platformMarginCents?: number;
  regionManagerMarginCents?: number;
  gymMarginCents?: number;
}

/**
 * A product of a supplier with an accepted version (`accepted: false`: only an awaiting one) and, with
 * `pending`, a change awaiting a decision on top (another name and price).
 */
export async function createProduct(
  t: TestApp,
  supplierId: number,
  values: VersionValues & { accepted?: boolean; pending?: VersionValues; deleted?: boolean } = {},
) {
  const name = values.name ?? `Loopband ${randomUUID().slice(0, 6)}`;
  const [product] = await t.db
    .insert(fitnessProducts)
    .values({ supplierId, sortName: name.toLowerCase(), deletedAt: values.deleted ? new Date() : null })
    .returning({ id: fitnessProducts.id });
  const accepted = values.accepted ?? true;
  const version = (v: VersionValues, status: number, withCommission: boolean) => ({
    productId: product!.id,
    name: v.name ?? name,
    description: 'Een degelijk apparaat voor thuis.',
    numberType: v.numberType ?? ProductNumberType.Equipment,
    purchasePriceCents: v.purchasePriceCents ?? 100_000,
    vatPercentage: v.vatPercentage ?? 21,
    status,
    ...(withCommission
      ? {
          commissionType: 0,
          minimumTerm: 0,
          platformMarginCents: v.platformMarginCents ?? 5_000,
          regionManagerMarginCents: v.regionManagerMarginCents ?? 2_500,
          gymMarginCents: v.gymMarginCents ?? 7_500,
        }
      : {}),
  });
  const [first] = await t.db
    .insert(fitnessProductVersions)
    .values(
      version(
        { ...values },
        accepted ? ProductVersionStatus.Accepted : ProductVersionStatus.Awaiting,
        accepted,
      ),
    )
    .returning({ id: fitnessProductVersions.id });
  let pendingId: number | null = accepted ? null : first!.id;
  if (values.pending) {
    const [pending] = await t.db
      .insert(fitnessProductVersions)
      .values(version({ ...values, ...values.pending }, ProductVersionStatus.Awaiting, false))
      .returning({ id: fitnessProductVersions.id });
    pendingId = pending!.id;
  }
  await t.db
    .update(fitnessProducts)
    .set({ acceptedVersionId: accepted ? first!.id : null, pendingVersionId: pendingId })
    .where(eq(fitnessProducts.id, product!.id));
  return { id: product!.id, name, versionId: first!.id };
}

/**
 * A member of the gym with `homeLocationId` as main location (none: at no location); `address: false` leaves
 * street, house number, postal code and city out.
 */
export async function createMember(
  t: TestApp,
  gymId: number,
  options: {
    homeLocationId?: number;
    address?: boolean;
    email?: string | null;
    userLanguage?: 'nl' | 'en';
  } = {},
) {
  let userId: number | null = null;
  if (options.userLanguage) {
    const [user] = await t.db
      .insert(users)
      .values({
        email: `member-${randomUUID().slice(0, 8)}@xp.example.com`,
        role: 'Employee',
        firstName: 'Lid',
        lastName: 'Account',
        language: options.userLanguage,
      })
      .returning({ id: users.id });
    userId = user!.id;
  }
  const address = options.address ?? true;
  const [member] = await t.db
    .insert(members)
    .values({
      gymId,
      userId,
      homeLocationId: options.homeLocationId ?? null,
      firstName: 'Eva',
      insertion: 'van',
      lastName: `Dijk${randomUUID().slice(0, 4)}`,
      email: options.email === undefined ? `eva-${randomUUID().slice(0, 8)}@xp.example.com` : options.email,
      phoneNumber: '0612345678',
      ...(address
        ? { street: 'Lange Nieuwstraat', houseNumber: '12', postalCode: '3512 PH', city: 'Utrecht' }
        : {}),
    })
    .returning();
  return member!;
}

/** The mails in the outbox to an address, oldest first. */
export const mailsTo = (t: TestApp, to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
