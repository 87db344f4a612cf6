import { AddressType, ContractDuration, EmployerPaymentType } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { employerAddresses, employerContacts } from '../modules/employer/employer.tables.ts';
import { employers } from '../modules/organisation/organisation.tables.ts';
import type { Database } from '../platform/db/client.ts';

/**
 * The settings of Bakkerij Jansen B.V. (`/employer/settings`): a description, a billing and a visiting
 * address, one contact person and its financial settings. Skipped when it has addresses already.
 */
export async function seedEmployerSettings(db: Database) {
  const [jansen] = await db.select().from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.'));
  if (!jansen) return;
  const existing = await db
    .select({ id: employerAddresses.id })
    .from(employerAddresses)
    .where(eq(employerAddresses.employerId, jansen.id));
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(employers)
      .set({
        description: 'Ambachtelijke bakkerij met vier winkels in Utrecht en omgeving.',
        personnelNumber: 'BJ-2026',
        accessFitness: true,
        accessHomeTraining: true,
        invoiceEmail: 'facturen@bakkerijjansen.example.com',
        contractType: EmployerPaymentType.Bruto,
        contractDuration: ContractDuration.TwoYears,
        extensionYears: 1,
        contributionCents: 2500,
      })
      .where(eq(employers.id, jansen.id));
    await tx.insert(employerAddresses).values([
      {
        employerId: jansen.id,
        addressType: AddressType.Billing,
        street: 'Postbus',
        houseNumber: '1234',
        postalCode: '3500 AA',
        city: 'Utrecht',
        country: 'NL',
      },
      {
        employerId: jansen.id,
        addressType: AddressType.Visiting,
        street: 'Oudegracht',
        houseNumber: '112',
        postalCode: '3511 AX',
        city: 'Utrecht',
        country: 'NL',
      },
    ]);
    await tx.insert(employerContacts).values({
      employerId: jansen.id,
      firstName: 'Marieke',
      insertion: null,
      lastName: 'Jansen',
      description: 'HR-manager',
      phoneNumber: '030 123 4567',
      email: 'marieke@bakkerijjansen.example.com',
      registrations: true,
      newsletters: true,
      invoices: true,
    });
  });
}
