import {
  FITNESS_PRODUCT_MAX_CENTS,
  type Invoice,
  MAX_MONEY_CENTS,
  MAX_TOTAL_CENTS,
  OrderPaymentMethod,
  PaymentFrequency,
  PRODUCT_ORDER_QUANTITY_MAX,
  type ProductOrder,
  salePriceCentsOf,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, gym, ids, newMember, t, useMemberDesk } from '../member/test-support.ts';
import { productOrders } from '../product-order/product-order.tables.ts';
import { createProduct, createSupplier } from '../product-order/test-support.ts';
import { expectFailure, ok, signIn, switchToLocation } from '../rights/test-support.ts';
import { invoices } from './invoice.tables.ts';

/*
 * Totals beyond the amount columns (PostgreSQL integer, decision 016): each field of an invoice line or an
 * order is within its limit, their product (quantity times price plus VAT, summed) is not. The contracts
 * bound the totals: an invoice with a 400 `invoice.errors.totalTooHigh`, a product order by the catalogue's
 * price limit (the largest price at the largest quantity fits). Never a 500, nothing written.
 */

useMemberDesk('totals.test', '10.95');

const line = (quantity: number, unitPriceCents: number, includesVat = false) => ({
  description: 'Zware apparatuur',
  quantity,
  unitPriceCents,
  includesVat,
  vatRate: 21,
});

describe('an invoice total beyond the amount columns', () => {
  it('refuses one line whose quantity times price is beyond them with 400, and writes nothing', async () => {
    const member = await newMember();
    const before = (await t.db.select().from(invoices)).length;
    // 1,000 x EUR 100,000.00: each at its limit, the product EUR 100,000,000.00.
    const response = await call('POST', '/Invoice', gym, {
      memberId: member.id,
      locationId: ids.utrecht,
      lines: [line(1000, MAX_MONEY_CENTS, true)],
    });
    expectFailure(response, 400, 'lines', 'invoice.errors.totalTooHigh');
    expect((await t.db.select().from(invoices)).length).toBe(before);
  });

  it('refuses lines that each fit but whose sum (VAT added) does not', async () => {
    const member = await newMember();
    // 200 x EUR 50,000.00 excl. 21 % VAT is EUR 12,100,000.00 a line; two lines are beyond.
    const fits = line(200, 5_000_000);
    const one = ok<Invoice>(
      await call('POST', '/Invoice', gym, { memberId: member.id, locationId: ids.utrecht, lines: [fits] }),
    );
    expect(one.totalAmount).toBe(1_210_000_000);
    const response = await call('POST', '/Invoice', gym, {
      memberId: member.id,
      locationId: ids.utrecht,
      lines: [fits, fits],
    });
    expectFailure(response, 400, 'lines', 'invoice.errors.totalTooHigh');
  });

  it('issues an invoice of exactly the largest total, and refuses one cent more', async () => {
    const member = await newMember();
    const body = (lastCents: number) => ({
      memberId: member.id,
      locationId: ids.utrecht,
      lines: [line(1000, 2_147_483, true), line(1, lastCents, true)],
    });
    expectFailure(
      await call('POST', '/Invoice', gym, body(648)),
      400,
      'lines',
      'invoice.errors.totalTooHigh',
    );
    const invoice = ok<Invoice>(await call('POST', '/Invoice', gym, body(647)));
    expect(invoice.totalAmount).toBe(MAX_TOTAL_CENTS);
    expect(invoice.subtotal + invoice.vat.reduce((sum, rate) => sum + rate.vatCents, 0)).toBe(
      MAX_TOTAL_CENTS,
    );
  });
});

describe('a product order total beyond the amount columns', () => {
  it('the largest sale price the catalogue allows, at the largest quantity, fits the columns', () => {
    const max = FITNESS_PRODUCT_MAX_CENTS;
    const { inclVatCents } = salePriceCentsOf({
      purchasePriceCents: max,
      platformMarginCents: max,
      regionManagerMarginCents: max,
      gymMarginCents: max,
      vatPercentage: 21,
    });
    expect(inclVatCents * PRODUCT_ORDER_QUANTITY_MAX).toBeLessThanOrEqual(MAX_TOTAL_CENTS);
  });

  it('places the largest order of the most expensive product (no 500), its total exact', async () => {
    const supplier = await createSupplier(t, '10.95');
    const max = FITNESS_PRODUCT_MAX_CENTS;
    const product = await createProduct(t, supplier.id, {
      purchasePriceCents: max,
      platformMarginCents: max,
      regionManagerMarginCents: max,
      gymMarginCents: max,
      vatPercentage: 21,
    });
    const member = await newMember();
    const desk = await switchToLocation(t, await signIn(t, 'locatie@example.com', '10.95'), ids.utrecht);
    const order = ok<ProductOrder>(
      await call('POST', '/ProductOrder', desk, {
        productId: product.id,
        memberId: member.id,
        paymentFrequency: PaymentFrequency.InAdvance,
        paymentMethod: OrderPaymentMethod.Invoice,
        quantity: PRODUCT_ORDER_QUANTITY_MAX,
      }),
    );
    const [row] = await t.db.select().from(productOrders).where(eq(productOrders.id, order.id));
    expect(row!.totalCents).toBe(Math.round((4 * max * PRODUCT_ORDER_QUANTITY_MAX * 121) / 100));
  });
});
