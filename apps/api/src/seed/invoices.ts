import { dutchToday, InvoiceStatus, lineAmounts, PaymentMethod } from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { and, asc, eq } from 'drizzle-orm';
import * as invoices from '../modules/invoice/invoice.repository.ts';
import { members } from '../modules/member/member.tables.ts';
import { gyms, locations } from '../modules/organisation/organisation.tables.ts';
import type { Database } from '../platform/db/client.ts';
import { fullNameSql } from '../platform/db/full-name.ts';

/** What a demo invoice is for, incl. 9 % VAT (sport) or 21 % (products). */
const items = [
  { description: 'Abonnement Flex — maandbijdrage', unitPriceCents: 3_995, vatRate: 9 as const },
  { description: 'Abonnement Premium — maandbijdrage', unitPriceCents: 5_495, vatRate: 9 as const },
  { description: 'Personal training (45 min.)', unitPriceCents: 4_500, vatRate: 21 as const },
  { description: 'Inschrijfkosten', unitPriceCents: 1_995, vatRate: 9 as const },
];

/** The statuses the demo shows, in turn: most paid, some open, and one of every other. */
const outcomes = [
  { status: InvoiceStatus.Paid, method: PaymentMethod.PaymentProvider },
  { status: InvoiceStatus.Paid, method: PaymentMethod.Card },
  { status: InvoiceStatus.Open },
  { status: InvoiceStatus.Paid, method: PaymentMethod.Cash },
  { status: InvoiceStatus.Failed },
  { status: InvoiceStatus.Paid, method: PaymentMethod.PaymentProvider },
  { status: InvoiceStatus.Expired },
  { status: InvoiceStatus.Pending },
  { status: InvoiceStatus.ChargedBack, method: PaymentMethod.PaymentProvider },
  { status: InvoiceStatus.Cancelled },
] as const;

/**
 * Invoices of Vitaal Sportcentra over the last three months, in every status (a cancelled one with its credit
 * invoice), numbered in date order as the real ones are. De Brug has none.
 */
export async function seedInvoices(db: Database) {
  const [vitaal] = await db.select({ id: gyms.id }).from(gyms).where(eq(gyms.slug, 'vitaal'));
  if (!vitaal) return;
  const people = await db
    .select({
      id: members.id,
      name: fullNameSql(members),
      locationId: members.homeLocationId,
      locationName: locations.name,
    })
    .from(members)
    .innerJoin(locations, eq(locations.id, members.homeLocationId))
    .where(and(eq(members.gymId, vitaal.id), eq(members.registrationCompleted, true)))
    .orderBy(asc(members.id))
    .limit(30);
  const today = dutchToday();
  for (const [at, person] of people.entries()) {
    const outcome = outcomes[at % outcomes.length]!;
    const item = items[at % items.length]!;
    const amounts = lineAmounts({
      quantity: 1,
      unitPriceCents: item.unitPriceCents,
      includesVat: true,
      vatRate: item.vatRate,
    });
    // From 90 days ago to today, oldest first.
    const invoiceDate = addDays(today, -Math.round(90 - (at * 90) / people.length));
    const paid = outcome.status === InvoiceStatus.Paid || outcome.status === InvoiceStatus.ChargedBack;
    const row = await invoices.issue(
      db,
      {
        gymId: vitaal.id,
        locationId: person.locationId!,
        memberId: person.id,
        invoiceDate,
        dueDate: addDays(invoiceDate, 14),
        status: outcome.status === InvoiceStatus.Cancelled ? InvoiceStatus.Open : outcome.status,
        paymentMethod: 'method' in outcome ? outcome.method : null,
        paidAt: paid ? new Date(`${invoiceDate}T10:00:00Z`) : null,
        memberName: person.name,
        locationName: person.locationName,
        subtotalCents: amounts.exclVatCents,
        vatCents: amounts.vatCents,
        totalCents: amounts.totalCents,
      },
      [
        {
          description: item.description,
          quantity: 1,
          unitPriceCents: amounts.exclVatCents,
          vatRate: item.vatRate,
          ...amounts,
        },
      ],
    );
    if (outcome.status === InvoiceStatus.Cancelled) {
      await invoices.issueCredit(db, row, invoiceDate, null);
      await invoices.setStatus(db, row.id, { status: InvoiceStatus.Cancelled });
    }
  }
}
