import { InvoiceStatus, PaymentMethod, xpCostCents } from '@xp/contracts';
import { DAY_MS } from '@xp/contracts/dates';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { challenges } from '../modules/challenge/challenge.tables.ts';
import { employerEmployees, employers } from '../modules/organisation/organisation.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import { transfer, transferToWallets } from '../modules/xp/xp.ledger.ts';
import { billingAddressOf } from '../modules/xp/xp.repository.ts';
import { challengeCompletions, xpInvoices } from '../modules/xp/xp.tables.ts';
import { insertInvoice, nextInvoiceNumber } from '../modules/xp/xp-invoice.repository.ts';
import type { Database } from '../platform/db/client.ts';

/** Bakkerij Jansen's XP invoices: bought and paid (credited), and one still open. */
const purchases = [
  { amountOfXp: 50_000, daysAgo: 60, paid: true },
  { amountOfXp: 25_000, daysAgo: 20, paid: true },
  { amountOfXp: 10_000, daysAgo: 2, paid: false },
];

/**
 * The XP economy of the demo (decision 019): Bakkerij Jansen B.V. funded by two paid XP invoices (their
 * purchases credited) with one open, grants to its first ten employees, and rewards of its first challenge to
 * three of them. Every movement goes through the ledger, so the books balance. Skipped when it has invoices.
 */
export async function seedXp(db: Database) {
  const [jansen] = await db.select().from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.'));
  if (!jansen) return;
  const [already] = await db.select().from(xpInvoices).where(eq(xpInvoices.employerId, jansen.id)).limit(1);
  if (already) return;
  const [staff] = await db.select().from(users).where(eq(users.email, 'werkgever@example.com'));
  await db.transaction(async (tx) => {
    for (const purchase of purchases) {
      const issuedAt = new Date(Date.now() - purchase.daysAgo * DAY_MS);
      const cents = xpCostCents(purchase.amountOfXp);
      const invoice = await insertInvoice(tx, {
        employerId: jansen.id,
        ...(await nextInvoiceNumber(tx, issuedAt.getUTCFullYear())),
        issuedAt,
        dueAt: new Date(issuedAt.getTime() + 14 * DAY_MS),
        employerName: jansen.name,
        employerAddress: await billingAddressOf(tx, jansen.id),
        amountOfXp: purchase.amountOfXp,
        netCents: cents,
        totalCents: cents,
        status: purchase.paid ? InvoiceStatus.Paid : InvoiceStatus.Open,
        paymentMethod: purchase.paid ? PaymentMethod.PaymentProvider : null,
        paidAt: purchase.paid ? new Date(issuedAt.getTime() + 3_600_000) : null,
        createdBy: staff?.id ?? null,
      });
      if (purchase.paid)
        await transfer(tx, {
          kind: 'purchase',
          from: { kind: 'issuance' },
          to: { kind: 'employer', employerId: jansen.id },
          amount: purchase.amountOfXp,
          employerId: jansen.id,
          xpInvoiceId: invoice.id,
        });
    }
    const people = await tx
      .select({ userId: employerEmployees.userId })
      .from(employerEmployees)
      .where(eq(employerEmployees.employerId, jansen.id))
      .orderBy(asc(employerEmployees.userId))
      .limit(10);
    if (people.length === 0) return;
    await transferToWallets(tx, {
      kind: 'grant',
      from: { kind: 'employer', employerId: jansen.id },
      userIds: people.map((person) => person.userId),
      amount: 500,
      employerId: jansen.id,
      createdBy: staff?.id ?? null,
    });
    const [challenge] = await tx
      .select()
      .from(challenges)
      .where(and(eq(challenges.employerId, jansen.id), isNotNull(challenges.employerId)))
      .orderBy(asc(challenges.id))
      .limit(1);
    if (!challenge || challenge.entreoPointsReward <= 0) return;
    for (const person of people.slice(0, 3)) {
      const made = await transfer(tx, {
        kind: 'reward',
        from: { kind: 'employer', employerId: jansen.id },
        to: { kind: 'wallet', userId: person.userId },
        amount: challenge.entreoPointsReward,
        employerId: jansen.id,
        userId: person.userId,
        challengeId: challenge.id,
        createdBy: staff?.id ?? null,
      });
      await tx.insert(challengeCompletions).values({
        challengeId: challenge.id,
        userId: person.userId,
        transferId: made.id,
        recordedBy: staff?.id,
      });
    }
  });
}
